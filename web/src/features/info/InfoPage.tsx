import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';

/** A public, text-only page (cookie policy, contact). */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4, px: 2, mb: 16 }}>
      <Card sx={{ width: 760, maxWidth: '100%' }}>
        <CardContent>
          <Typography variant="h4" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
