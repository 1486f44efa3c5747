import { CircularProgress, DialogContent } from '@mui/material';

/** What a device dialog shows while the organisation's devices load. */
export function DevicesLoading() {
  return (
    <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label="Loading devices" />
    </DialogContent>
  );
}
