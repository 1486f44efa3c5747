import type { Case } from '@cardiomap/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/Toasts.tsx';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import { caseQueryOptions } from '../api/get-case.ts';
import { useRevokeShare } from '../api/revoke-share.ts';
import { SHARE_SUCCESS } from '../api/share-case.ts';
import { EmailChipsField } from './EmailChipsField.tsx';
import { addEmails, INVALID_EMAIL } from './email-entry.ts';
import { SharedWithList } from './SharedWithList.tsx';
import { useShareInvitations } from './use-share-invitations.ts';

/** Spec §6: users see patient details unless the case is shared to them; sensitive data can be requested. */
export const SHARE_IDENTIFIERS_RULE =
  'People you invite see this case with its patient identifiers hidden; they can request them, and each request is recorded.';

interface Props {
  item: Case;
  onClose: () => void;
}

/**
 * Share a case (spec §5 "Share", §6): invite people by e-mail, or the Field Clinical Specialists of one
 * of the case's devices; see who it is shared with and revoke access.
 */
export function ShareCaseDialog({ item, onClose }: Props) {
  const toast = useToast();
  const current = useQuery({ ...caseQueryOptions(item.id), placeholderData: item }).data ?? item;
  const { send, sending } = useShareInvitations(item.id);
  const revoke = useRevokeShare(item.id);
  const [emails, setEmails] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [deviceId, setDeviceId] = useState('');
  const [deviceError, setDeviceError] = useState<string | null>(null);

  const submit = async () => {
    const entry = addEmails(emails, text);
    setText('');
    setEmails(entry.emails);
    setEmailError(entry.droppedInvalid ? INVALID_EMAIL : null);
    if (entry.emails.length === 0 && !deviceId) return;
    const outcome = await send(entry.emails, deviceId);
    setEmails(outcome.refused);
    if (outcome.emailError) setEmailError(outcome.emailError);
    setDeviceError(outcome.deviceError);
    if (!outcome.deviceError) setDeviceId('');
    if (outcome.failure) {
      toast.error(outcome.failure, outcome.failureText);
      return;
    }
    toast.success(SHARE_SUCCESS);
    // An address dropped as invalid keeps the dialog open, so the user sees why it was not invited.
    if (!entry.droppedInvalid) onClose();
  };

  const entered = emails.length > 0 || text.trim() !== '' || deviceId !== '';
  const canSubmit = !sending && entered;
  const guard = useDiscardGuard(entered, onClose);
  return (
    <Dialog
      open
      onClose={sending ? undefined : guard.requestClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="share-case-title"
    >
      <DialogTitle id="share-case-title">Share case {item.caseIdentifier}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {SHARE_IDENTIFIERS_RULE}
          </Typography>
          <EmailChipsField
            emails={emails}
            onEmailsChange={setEmails}
            text={text}
            onTextChange={setText}
            error={emailError}
            onErrorChange={setEmailError}
            disabled={sending}
          />
          {current.devices.length > 0 && (
            <TextField
              select
              label="Invite Field Clinical Specialists"
              value={deviceId}
              disabled={sending}
              error={deviceError !== null}
              helperText={deviceError ?? 'The specialists of your organisation for this device.'}
              onChange={(e) => {
                setDeviceId(e.target.value);
                setDeviceError(null);
              }}
            >
              <MenuItem value="">Nobody</MenuItem>
              {current.devices.map((device) => (
                <MenuItem key={device.id} value={device.id}>
                  {device.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Divider />
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3">
              Shared with
            </Typography>
            <SharedWithList
              sharedWith={current.sharedWith}
              revokingId={revoke.isPending ? (revoke.variables ?? null) : null}
              onRevoke={(id) => revoke.mutate(id)}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.requestClose} disabled={sending}>
          Close
        </Button>
        <Button variant="contained" onClick={submit} disabled={!canSubmit}>
          {sending ? 'Sharing…' : 'Share'}
        </Button>
      </DialogActions>
      {guard.confirmation}
    </Dialog>
  );
}
