import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

const LAYOUTS = {
  /** Sign in, forgot password, new password: a narrow form high on the page. */
  form: { box: { mt: { xs: 4, sm: 10 } }, width: 420, heading: 'h5' },
  /** Cookie policy, contact: a wider text to read. */
  text: { box: { mt: 4, mb: 16 }, width: 760, heading: 'h4' },
} as const;

/** The centred card with its heading that the public pages (no shell around them) stand in. */
export function PublicPageCard({
  title,
  layout,
  children,
}: {
  title: string;
  layout: keyof typeof LAYOUTS;
  children: ReactNode;
}) {
  const { box, width, heading } = LAYOUTS[layout];
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, ...box }}>
      <Card sx={{ width, maxWidth: '100%' }}>
        <CardContent>
          <Typography variant={heading} component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
