import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@cardiomap/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import { useSetPassword } from './api/user-mutations.ts';

/** Set a user's password; the server applies checkPassword's rules and answers their messages. */
export function SetPasswordDialog(props: { userId: string; open: boolean; onClose(): void }) {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const close = () => {
    setPassword('');
    setPassword2('');
    setErrors({});
    props.onClose();
  };
  const mutation = useSetPassword(props.userId, {
    onError: (error) => setErrors(error instanceof ApiError ? (error.fieldErrors as Record<string, string[]>) : {}),
  });
  const guard = useDiscardGuard(password !== '' || password2 !== '', close);
  const tooShort = password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
  const mismatch = password2.length > 0 && password !== password2;
  return (
    <Dialog open={props.open} onClose={guard.requestClose} slotProps={{ paper: { sx: { width: 400 } } }}>
      <DialogTitle>Set password</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            type="password"
            label="New password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={tooShort || !!errors.newPassword}
            helperText={errors.newPassword?.join(' ') ?? (tooShort ? PASSWORD_MESSAGES.tooShort : undefined)}
          />
          <TextField
            type="password"
            label="Re-type password"
            value={password2}
            onChange={(e) => setPassword2(e.target.value)}
            error={mismatch || !!errors.newPassword2}
            helperText={errors.newPassword2?.join(' ') ?? (mismatch ? 'Passwords must match' : undefined)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.requestClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!password || tooShort || password !== password2 || mutation.isPending}
          onClick={() => mutation.mutate({ newPassword: password, newPassword2: password2 }, { onSuccess: close })}
        >
          Set password
        </Button>
      </DialogActions>
      {guard.confirmation}
    </Dialog>
  );
}
