import {
  formatOversizing,
  OVERSIZING_BASIS_LABELS,
  RANGES_CONFIRMED_LABELS,
  SIZING_FIT_LABELS,
  SIZING_IFU_NOTE,
  SIZING_MEASURE_LABELS,
  type SizingFit,
} from '@cardiomap/domain';
import { Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { NamedSizing } from './live-sizing.ts';

const FIT_COLOUR: Record<SizingFit, 'success' | 'warning' | 'error' | 'default'> = {
  within: 'success',
  between: 'warning',
  gap: 'warning',
  below: 'error',
  above: 'error',
  unmeasured: 'default',
};

/** Issue 18 §2 device sizing: each ordered device's sizes against the measured annulus or ostium. */
export function SizingTable({ sizings }: { sizings: readonly NamedSizing[] }) {
  if (sizings.length === 0) {
    return <Typography color="text.secondary">No sizing chart for the ordered devices.</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Typography variant="caption" color="warning.main">
        {SIZING_IFU_NOTE}
      </Typography>
      {sizings.map((sizing) => (
        <DeviceSizingTable key={sizing.deviceId} sizing={sizing} />
      ))}
    </Stack>
  );
}

function DeviceSizingTable({ sizing }: { sizing: NamedSizing }) {
  const measured = sizing.measured === null ? 'not measured' : `${sizing.measured.toFixed(1)} mm`;
  return (
    <div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {sizing.deviceName}
        </Typography>
        <Chip size="small" color={FIT_COLOUR[sizing.fit]} label={SIZING_FIT_LABELS[sizing.fit]} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {sizing.landmarkName} · {SIZING_MEASURE_LABELS[sizing.measure]}: {measured}
      </Typography>
      <Table size="small" aria-label={`Sizing ${sizing.deviceName}`}>
        <TableHead>
          <TableRow>
            <TableCell>Size</TableCell>
            <TableCell>Range (mm)</TableCell>
            <TableCell align="right">{OVERSIZING_BASIS_LABELS[sizing.oversizingBasis]}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sizing.rows.map((row) => (
            <TableRow key={row.size} selected={row.fits} aria-current={row.fits ? 'true' : undefined}>
              <TableCell>
                {row.size} mm{row.fits ? ' ✓' : ''}
              </TableCell>
              <TableCell>
                {row.min.toFixed(1)}–{row.max.toFixed(1)}
              </TableCell>
              <TableCell align="right">{formatOversizing(row.oversizingPercent)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {sizing.rangesConfirmed !== 'confirmed' && (
        <Typography variant="caption" color="text.secondary">
          {RANGES_CONFIRMED_LABELS[sizing.rangesConfirmed]}
        </Typography>
      )}
    </div>
  );
}
