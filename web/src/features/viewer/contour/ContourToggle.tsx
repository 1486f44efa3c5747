import { Box, CircularProgress, ToggleButton, Tooltip, Typography } from '@mui/material';
import type { ContourSnapshot } from './contour-controller.ts';
import { CONTOUR_MESSAGES } from './contour-messages.ts';
import type { ContourSourceState } from './use-contour-source.ts';

interface Props {
  source: ContourSourceState;
  snapshot: ContourSnapshot;
  onToggle(enabled: boolean): void;
}

function tooltipOf(source: ContourSourceState, enabled: boolean): string {
  switch (source.status) {
    case 'loading':
      return CONTOUR_MESSAGES.looking;
    case 'none':
      return CONTOUR_MESSAGES.none;
    case 'failed':
      return CONTOUR_MESSAGES.listFailed;
    case 'found':
      return enabled ? CONTOUR_MESSAGES.hide(source.resource.name) : CONTOUR_MESSAGES.show(source.resource.name);
  }
}

/**
 * The MPR toolbar's contour switch (spec §6 canSeeContour). Disabled until the study's Atrium or Aorta
 * result is known; the reason is its tooltip, and the wrapper takes keyboard focus while the button
 * cannot, so keyboard users hear it too.
 */
export function ContourToggle({ source, snapshot, onToggle }: Props) {
  const disabled = source.status !== 'found';
  const busy = source.status === 'loading' || (snapshot.enabled && snapshot.status === 'loading');
  const tooltip = tooltipOf(source, snapshot.enabled);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Tooltip title={tooltip} describeChild={!disabled}>
        <span tabIndex={disabled ? 0 : undefined} data-testid="mpr-contour-toggle">
          <ToggleButton
            size="small"
            value="contour"
            selected={snapshot.enabled}
            disabled={disabled}
            onChange={() => onToggle(!snapshot.enabled)}
          >
            Contour
          </ToggleButton>
        </span>
      </Tooltip>
      {busy && (
        <CircularProgress
          size={16}
          aria-label={source.status === 'loading' ? CONTOUR_MESSAGES.looking : CONTOUR_MESSAGES.loading}
        />
      )}
      {snapshot.enabled && snapshot.status === 'error' && (
        <Typography role="alert" variant="body2" color="error">
          Contour: {snapshot.error}
        </Typography>
      )}
    </Box>
  );
}
