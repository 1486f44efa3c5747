import { trainingPending } from '@cardiomap/domain';
import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useUser } from '../../auth/index.ts';
import { useTrainings } from '../../training/index.ts';

/**
 * Spec §2: a banner per intervention whose required training the user has not followed, linking to the
 * training page. Until it is followed the user cannot request analyses for that intervention.
 */
export function TrainingBanners() {
  const user = useUser();
  const trainings = useTrainings();
  const permissions = new Set(user.permissions);
  const pending = new Map(
    (trainings.data ?? [])
      .filter((t) => trainingPending(permissions, t, t.userFollowedTraining))
      .map((t) => [t.interventionPrefix, t]),
  );
  if (pending.size === 0) return null;
  return (
    <Stack spacing={1}>
      {[...pending.values()].map((t) => (
        <Alert
          key={t.interventionPrefix}
          severity="info"
          action={
            <Button color="inherit" component={RouterLink} to={`/training/${t.interventionPrefix}`}>
              Start training
            </Button>
          }
        >
          Complete the {t.interventionName} ({t.interventionPrefix}) training before requesting {t.interventionPrefix}{' '}
          analyses.
        </Alert>
      ))}
    </Stack>
  );
}
