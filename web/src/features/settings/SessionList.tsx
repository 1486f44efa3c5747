import { userAgentInWords } from '@cardiomap/domain';
import { Alert, Button, Chip, List, ListItem, ListItemText, Skeleton, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useApiMutation } from '../../hooks/use-api-mutation.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { endSession } from '../auth/index.ts';
import { revokeAllSessions, useSessions } from './api/settings-api.ts';

/** Open sign-ins of the user, and "sign out everywhere" (this browser included, so back to login). */
export function SessionList() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useSessions();
  const signOutEverywhere = useApiMutation({
    mutationFn: revokeAllSessions,
    successToast: 'Signed out everywhere',
    onSuccess: async () => {
      await endSession(queryClient);
      navigate('/login', { replace: true });
    },
  });

  return (
    <Stack spacing={2}>
      {sessions.isPending && <Skeleton variant="rectangular" height={72} />}
      {sessions.isError && <Alert severity="error">The sign-ins could not be loaded.</Alert>}
      {sessions.data?.length === 0 && <Alert severity="info">No open sign-ins.</Alert>}
      {sessions.data && sessions.data.length > 0 && (
        <List dense aria-label="Open sign-ins" data-testid="session-list">
          {sessions.data.map((session) => (
            <ListItem key={session.id} divider>
              {/* The browser and system in words; the server keeps the address, not a place, so that is shown. */}
              <ListItemText
                primary={userAgentInWords(session.userAgent)}
                secondary={`Signed in ${formatDateTime(session.dateCreated)}${session.ip ? ` from ${session.ip}` : ''}`}
              />
              {session.current && <Chip size="small" label="This browser" color="primary" />}
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        color="error"
        onClick={() => signOutEverywhere.mutate()}
        disabled={signOutEverywhere.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Sign out everywhere
      </Button>
    </Stack>
  );
}
