import type { ActionState } from '@cardiomap/domain';
import { Button, type ButtonProps, Tooltip } from '@mui/material';

interface Props extends Omit<ButtonProps, 'disabled'> {
  state: ActionState;
}

/**
 * A staff action as the domain rule has it: nothing when hidden; when not allowed now, a button that
 * looks and acts disabled but stays focusable, so the reason (its tooltip and accessible description)
 * reaches mouse, keyboard and screen-reader users alike — a `disabled` button would get no hover or focus.
 */
export function ActionButton({ state, children, onClick, sx, ...props }: Props) {
  if (!state.show) return null;
  if (state.allowed) {
    return (
      <Button variant="outlined" size="small" onClick={onClick} sx={sx} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip title={state.reason} describeChild>
      <Button
        variant="outlined"
        size="small"
        {...props}
        aria-disabled="true"
        className="Mui-disabled"
        sx={{ '&.Mui-disabled': { pointerEvents: 'auto', cursor: 'not-allowed' } }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
