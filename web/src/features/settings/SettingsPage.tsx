import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import { useUser } from '../auth/index.ts';
import { DisplaySettingsForm } from './DisplaySettingsForm.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SessionList } from './SessionList.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Spec §2 "Settings: user details, change password, display settings", plus the open sign-ins. */
export function SettingsPage() {
  usePageTitle('Settings');
  const user = useUser();
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', my: 3, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Settings
      </Typography>
      <Stack spacing={3}>
        <Section title="User details">
          <ProfileForm key={user.sub} user={user} />
        </Section>
        <Section title="Change password">
          <PasswordChangeForm user={user} />
        </Section>
        <Section title="Display settings">
          <DisplaySettingsForm user={user} />
        </Section>
        <Section title="Sign-ins">
          <SessionList />
        </Section>
      </Stack>
    </Box>
  );
}
