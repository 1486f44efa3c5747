import type { AdminUser } from '@cardiomap/contract';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useExpirePassword, useMarkActive, useMarkInactive } from './api/user-mutations.ts';
import { SetPasswordDialog } from './SetPasswordDialog.tsx';

type Pending = 'inactive' | 'active' | 'expire' | null;

const when = (iso: string | null) => formatDateTime(iso, { empty: 'Never' });

/** Activation and password actions (spec §4), each confirmed in a 400 px dialog (spec §8). */
export function UserStatusActions({ user }: { user: AdminUser }) {
  const [pending, setPending] = useState<Pending>(null);
  const [settingPassword, setSettingPassword] = useState(false);
  const markInactive = useMarkInactive(user.id);
  const markActive = useMarkActive(user.id);
  const expire = useExpirePassword(user.id);
  const close = () => setPending(null);
  const dialogs = {
    inactive: {
      title: 'Mark inactive',
      text: `${user.email} will be signed out and cannot sign in.`,
      run: markInactive,
      destructive: true,
    },
    active: {
      title: 'Mark active',
      text: `${user.email} will be able to sign in again.`,
      run: markActive,
      destructive: false,
    },
    expire: {
      title: 'Expire password',
      text: `${user.email} must choose a new password at the next sign-in.`,
      run: expire,
      destructive: false,
    },
  } as const;
  const open = pending ? dialogs[pending] : null;

  return (
    <Stack spacing={1}>
      <Typography variant="body2">Status: {user.isActive ? 'Active' : 'Inactive'}</Typography>
      <Typography variant="body2">Last sign-in: {when(user.lastSignIn)}</Typography>
      <Typography variant="body2">MFA: {user.mfaRequired ? 'required by an organisation' : 'not required'}</Typography>
      <Typography variant="body2">Password: {user.hasExpiredPassword ? 'expired' : 'valid'}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {user.isActive ? (
          <Button color="error" onClick={() => setPending('inactive')}>
            Mark inactive
          </Button>
        ) : (
          <Button onClick={() => setPending('active')}>Mark active</Button>
        )}
        <Button onClick={() => setPending('expire')} disabled={user.hasExpiredPassword}>
          Expire password
        </Button>
        <Button onClick={() => setSettingPassword(true)}>Set password</Button>
      </Stack>
      {open && (
        <ConfirmDialog
          title={open.title}
          text={open.text}
          confirmLabel={open.title}
          pending={open.run.isPending}
          destructive={open.destructive}
          onClose={close}
          onConfirm={() => open.run.mutate(undefined, { onSettled: close })}
        />
      )}
      <SetPasswordDialog userId={user.id} open={settingPassword} onClose={() => setSettingPassword(false)} />
    </Stack>
  );
}
