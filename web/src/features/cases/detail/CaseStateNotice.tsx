import { type Case, CaseStatus } from '@cardiomap/contract';
import { Alert, AlertTitle } from '@mui/material';

/**
 * Spec §2 "Case detail": a rejected case says 'Could not be processed' with the analyst's comment; a
 * canceled one 'Analyses canceled'. (View dicom for a rejected case is in the header, with View result.)
 */
export function CaseStateNotice({ kase }: { kase: Case }) {
  if (kase.status === CaseStatus.REJECTED || kase.status === CaseStatus.COULD_NOT_BE_PROCESSED) {
    const comment = kase.rejection?.comment || kase.analystComment;
    return (
      <Alert severity="error" data-testid="case-state">
        <AlertTitle>Could not be processed</AlertTitle>
        {kase.rejection?.reason && <div>Reason: {kase.rejection.reason}</div>}
        {comment && <div>{comment}</div>}
      </Alert>
    );
  }
  if (kase.status === CaseStatus.CANCELED) {
    return (
      <Alert severity="info" data-testid="case-state">
        Analyses canceled
      </Alert>
    );
  }
  return null;
}
