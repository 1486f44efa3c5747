import {
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { RetryAlert } from '../../components/RetryAlert.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useTrainingRecords } from './api/training-api.ts';

export const NO_TRAINING_RECORDS = 'No training completed yet.';

/**
 * Spec §3 Training record, for administrators on the user screen: which trainings the user completed
 * and when. Rendered by the Users & Organisations edit form with the selected user's id.
 */
export function TrainingRecordsPanel({ userId }: { userId: string }) {
  const records = useTrainingRecords(userId);
  return (
    <section aria-label="Trainings">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Trainings
      </Typography>
      {records.isPending && <CircularProgress size={24} aria-label="Loading trainings" />}
      {records.isError && (
        <RetryAlert message="The training records could not be loaded." onRetry={() => records.refetch()} />
      )}
      {records.isSuccess && records.data.length === 0 && (
        <Typography color="text.secondary">{NO_TRAINING_RECORDS}</Typography>
      )}
      {records.isSuccess && records.data.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Completed trainings">
            <TableHead>
              <TableRow>
                <TableCell>Training</TableCell>
                <TableCell>Intervention</TableCell>
                <TableCell>Region</TableCell>
                <TableCell>Completed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.data.map((record) => (
                <TableRow key={record.trainingId}>
                  <TableCell>{record.title}</TableCell>
                  <TableCell>{record.interventionPrefix}</TableCell>
                  <TableCell>{record.region ?? 'All regions'}</TableCell>
                  <TableCell>
                    <time dateTime={record.dateCompleted}>{formatDateTime(record.dateCompleted)}</time>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
