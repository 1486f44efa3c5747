import { Chip, Tooltip } from '@mui/material';

export const UNSEEN_CHANGE_LABEL = 'Updated';
export const UNSEEN_CHANGE_TOOLTIP = 'The status of this case changed since you last opened it.';

/** Beside a case's identifier on the list: its status (or an order's) changed since the user last opened it. */
export function UnseenChangeBadge() {
  return (
    <Tooltip title={UNSEEN_CHANGE_TOOLTIP}>
      <Chip
        label={UNSEEN_CHANGE_LABEL}
        aria-label={UNSEEN_CHANGE_TOOLTIP}
        size="small"
        color="info"
        tabIndex={0}
        sx={{ ml: 1, height: 20, fontSize: 12, verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
