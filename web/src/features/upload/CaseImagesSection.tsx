import { type Case, CaseStatus } from '@cardiomap/contract';
import { Alert, AlertTitle, Card, CardContent, CardHeader, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useUser } from '../auth/index.ts';
import { useCaseInputData } from './api/list-input-data.ts';
import { useCaseUpload } from './case-upload-context.ts';
import { ImageWarnings } from './ImageWarnings.tsx';
import { UploadBox } from './UploadBox.tsx';
import { ProcessingProgress } from './UploadProgress.tsx';
import { IMAGES_UPLOADED } from './upload-messages.ts';

/**
 * The case's images on the Details tab (spec §2): the upload box for a CREATED case and users who may
 * add input data; then what became of the upload — under way, 'Images uploaded!' with what the ingest
 * warned of, or why not usable, with the upload box again.
 * A case that could not be processed (6) is told by CaseStateNotice, with the analyst's comment.
 */
export function CaseImagesSection({ kase }: { kase: Case }) {
  const user = useUser();
  const { snapshot, engine } = useCaseUpload();
  // The upload that just ended in invalid input is over: the box starts afresh for the next try.
  const previousStatus = useRef(kase.status);
  useEffect(() => {
    if (kase.status === CaseStatus.INVALID_INPUT && previousStatus.current !== CaseStatus.INVALID_INPUT) engine.reset();
    previousStatus.current = kase.status;
  }, [kase.status, engine]);
  // The upload just confirmed, before the reloaded case says SUBMITTED: keep showing where it is.
  const justUploaded = snapshot.phase === 'processing' || snapshot.phase === 'confirmed';
  if (kase.status === CaseStatus.CREATED && (user.canAddInputData || justUploaded)) {
    return (
      <Card variant="outlined">
        <CardHeader title="Patient images" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent sx={{ pt: 0 }}>
          <UploadBox caseIdentifier={kase.caseIdentifier} />
        </CardContent>
      </Card>
    );
  }
  if (kase.status === CaseStatus.SUBMITTED) {
    return (
      <Alert severity="info" data-testid="images-state">
        <AlertTitle>Images uploaded: processing is under way</AlertTitle>
        <ProcessingProgress title="Processing upload" />
      </Alert>
    );
  }
  if (kase.status === CaseStatus.IN_PROGRESS) {
    return (
      <Stack spacing={1}>
        <Alert severity="success" data-testid="images-state">
          {IMAGES_UPLOADED}
        </Alert>
        <ImageWarnings caseId={kase.id} />
      </Stack>
    );
  }
  if (kase.status === CaseStatus.INVALID_INPUT) {
    // Issue 17 §1: the physician sees what went wrong and uploads again here (or cancels the case).
    const mayUploadAgain = user.canAddInputData && !kase.isSharedToCurrentUser;
    return (
      <Stack spacing={2}>
        <InvalidInputNotice caseId={kase.id} />
        {mayUploadAgain && (
          <Card variant="outlined">
            <CardHeader
              title="Upload the images again"
              subheader="Choose a zip with a CT series; or cancel the case if there are no other images."
              slotProps={{ title: { variant: 'h6', component: 'h2' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <UploadBox caseIdentifier={kase.caseIdentifier} />
            </CardContent>
          </Card>
        )}
      </Stack>
    );
  }
  return null;
}

/** Case status 5: the reasons the ingest found nothing usable, in the words it recorded them. */
function InvalidInputNotice({ caseId }: { caseId: string }) {
  const inputData = useCaseInputData(caseId);
  const reasons = [...new Set((inputData.data ?? []).flatMap((item) => item.reasons))];
  return (
    <Alert severity="error" data-testid="images-state">
      <AlertTitle>The uploaded images cannot be used</AlertTitle>
      {inputData.isPending && 'Loading the reasons…'}
      {inputData.isError && 'The reasons could not be loaded.'}
      {inputData.isSuccess && reasons.length === 0 && 'No usable CT series was found in the upload.'}
      {reasons.length > 0 && (
        <ul aria-label="Reasons" style={{ margin: 0, paddingLeft: 20 }}>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
