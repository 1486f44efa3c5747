import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One term and its value in a detail list (`<dl>`). */
export function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, py: 0.5 }}>
      <Typography component="dt" color="text.secondary" sx={{ minWidth: 180 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}
