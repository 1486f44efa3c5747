import { InputDataStatus } from '@cardiomap/contract';
import { Alert, AlertTitle } from '@mui/material';
import { useCaseInputData } from './api/list-input-data.ts';

/**
 * What the ingest noticed about the images it used (issue 15 §2): thick slices (planning quality),
 * interpolated slices, an acknowledged gap, a duplicate set aside. Nothing when it noticed nothing.
 */
export function ImageWarnings({ caseId }: { caseId: string }) {
  const inputData = useCaseInputData(caseId);
  const warnings = [
    ...new Set(
      (inputData.data ?? []).filter((item) => item.status === InputDataStatus.PROCESSED).flatMap((i) => i.warnings),
    ),
  ];
  if (warnings.length === 0) return null;
  const planning = warnings.some((w) => w.startsWith('Planning quality'));
  return (
    <Alert severity="warning" data-testid="image-warnings">
      <AlertTitle>{planning ? 'Planning quality of the images' : 'About the images'}</AlertTitle>
      <ul aria-label="Image warnings" style={{ margin: 0, paddingLeft: 20 }}>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </Alert>
  );
}
