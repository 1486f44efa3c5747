import type { Case } from '@cardiomap/contract';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Chip, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';

interface Props {
  sharedWith: Case['sharedWith'];
  onRevoke: (id: string) => void;
  revokingId: string | null;
}

/** Who the case is shared with; invitations not yet accepted are marked pending (spec §4 "Share"). */
export function SharedWithList({ sharedWith, onRevoke, revokingId }: Props) {
  if (sharedWith.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        This case is not shared with anyone yet.
      </Typography>
    );
  }
  return (
    <List dense aria-label="Shared with" disablePadding>
      {sharedWith.map((person) => (
        <ListItem
          key={person.id}
          disableGutters
          secondaryAction={
            <IconButton
              edge="end"
              aria-label={`Stop sharing with ${person.email}`}
              disabled={revokingId !== null}
              onClick={() => onRevoke(person.id)}
            >
              <PersonRemoveIcon fontSize="small" />
            </IconButton>
          }
        >
          <ListItemText primary={person.email} />
          {person.isPending && <Chip size="small" label="Pending" sx={{ mr: 2 }} />}
        </ListItem>
      ))}
    </List>
  );
}
