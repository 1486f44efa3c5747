import type { Case } from '@cardiomap/contract';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useUser } from '../../auth/index.ts';
import { CASE_ACTION_LABELS, type CaseActionKind, caseActions } from './case-actions.ts';

/** The actions a user may take on one case of the list; nothing at all when there are none. */
export function CaseActionsMenu({ item, onAction }: { item: Case; onAction: (kind: CaseActionKind) => void }) {
  const user = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = caseActions(user, item);
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton aria-label={`Actions for ${item.caseIdentifier}`} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((kind) => (
          <MenuItem
            key={kind}
            onClick={() => {
              setAnchor(null);
              onAction(kind);
            }}
          >
            {CASE_ACTION_LABELS[kind]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
