import type { Training } from '@cardiomap/contract';
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FullPageSpinner } from '../../components/FullPageSpinner.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { RetryAlert } from '../../components/RetryAlert.tsx';
import { useApiMutation } from '../../hooks/use-api-mutation.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { completeTraining, trainingKeys, useTrainings } from './api/training-api.ts';
import { DEFAULT_TRAINING_STEPS, TRAINING_STEPS } from './training-content.ts';

/** Spec §2 `training/{interventionPrefix}`: follow a training and record its completion. */
export function TrainingPage() {
  const { interventionPrefix = '' } = useParams();
  const prefix = interventionPrefix.toUpperCase();
  usePageTitle(`${prefix} training`);
  const trainings = useTrainings();
  const queryClient = useQueryClient();
  const complete = useApiMutation({
    mutationFn: (training: Training) => completeTraining(training.id),
    successToast: 'Training completed',
    // Spec §4: training completed by a post, then the list reloads.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainingKeys.trainings }),
        queryClient.invalidateQueries({ queryKey: trainingKeys.records }),
      ]),
  });

  if (trainings.isPending) return <FullPageSpinner label="Loading trainings" />;
  if (trainings.isError) {
    return (
      <Box sx={{ mt: 6, px: 2, display: 'flex', justifyContent: 'center' }}>
        <RetryAlert message="The trainings could not be loaded." onRetry={() => trainings.refetch()} />
      </Box>
    );
  }
  const forIntervention = trainings.data.filter((t) => t.interventionPrefix === prefix);
  if (forIntervention.length === 0) return <NotFoundPage />;
  const steps = TRAINING_STEPS[prefix] ?? DEFAULT_TRAINING_STEPS;

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4, px: 2, mb: 16 }}>
      <Stack spacing={3} sx={{ width: 760, maxWidth: '100%' }}>
        {forIntervention.map((training) => (
          <Card key={training.id}>
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                <Typography variant="h5" component="h1">
                  {training.title}
                </Typography>
                {training.userFollowedTraining && (
                  <Chip color="success" label="Completed" data-testid="training-completed" />
                )}
              </Stack>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {training.interventionName}
                {training.region ? ` · ${training.region}` : ''}
                {training.trainingRequired ? ' · required before requesting analyses' : ''}
              </Typography>
              <List dense aria-label="Training steps">
                {steps.map((step, index) => (
                  <ListItem key={step} disableGutters>
                    <ListItemText primary={`${index + 1}. ${step}`} />
                  </ListItem>
                ))}
              </List>
              {!training.userFollowedTraining && (
                <Button
                  variant="contained"
                  sx={{ mt: 2 }}
                  disabled={complete.isPending}
                  onClick={() => complete.mutate(training)}
                >
                  {complete.isPending ? 'Saving…' : 'I have completed this training'}
                </Button>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
