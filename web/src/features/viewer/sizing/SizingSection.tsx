import { Alert, CircularProgress, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useCaseDevices } from '../api/get-case-devices.ts';
import type { ViewerContext } from '../viewer-context.ts';
import { liveSizing } from './live-sizing.ts';
import { SizingTable } from './SizingTable.tsx';

/** The Details tab's sizing, recomputed from the draft as the analyst moves a point. */
export function SizingSection({ context }: { context: ViewerContext }) {
  const { load, landmarks, editState } = context;
  const devices = useCaseDevices(load.study.id, load.case.id);
  const sizings = useMemo(
    () => liveSizing(devices.data ?? [], landmarks, editState.draft),
    [devices.data, landmarks, editState.draft],
  );
  return (
    <section aria-labelledby="viewer-sidebar-sizing">
      <Typography id="viewer-sidebar-sizing" variant="subtitle1" component="h2">
        Device sizing
      </Typography>
      {devices.isPending ? (
        <CircularProgress size={20} aria-label="Loading the ordered devices" />
      ) : devices.isError ? (
        <Alert severity="error">The ordered devices could not be loaded.</Alert>
      ) : (
        <SizingTable sizings={sizings} />
      )}
    </section>
  );
}
