import type { Case, PatientInformation } from '@cardiomap/contract';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { patientIdentifiers, usePatientIdentifiers } from '../../auth/index.ts';
import { usePatientInformation } from '../api/get-patient-information.ts';
import { DetailRow } from './DetailRow.tsx';

const HIDDEN = 'Hidden';

/** Spec §6, said where the identifiers of a shared case are missing. */
export const SHARED_CASE_IDENTIFIERS =
  'The patient identifiers of a case shared with you are hidden; they can be requested, and each request is recorded.';
export const SHARED_CASE_NO_REQUEST = 'The patient identifiers of a case shared with you are hidden.';

/**
 * Spec §2/§6: patient identifiers, unless the case is shared to the user or identifiers are hidden in
 * this session (the session state of features/auth, which the case list follows too). The sensitive-data
 * button toggles between requesting them (an audited call) and hiding all of them everywhere.
 */
export function PatientInformationCard({ kase }: { kase: Case }) {
  const visibility = usePatientIdentifiers();
  const revealed = visibility.revealed(kase.id);
  const requested = usePatientInformation(kase, revealed);
  const loaded = kase.isSharedToCurrentUser || visibility.hidden ? null : kase.patientInformation;
  const shown: PatientInformation | null | undefined = revealed ? requested.data : loaded;
  const mayRequest = !kase.isSharedToCurrentUser || kase.canRequestPatientInformation;
  const showing = revealed || loaded !== null;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Patient information
          </Typography>
          {mayRequest && (
            <Button
              size="small"
              onClick={() => (showing ? patientIdentifiers.hideAll() : patientIdentifiers.reveal(kase.id))}
            >
              {showing ? 'Hide patient information' : 'Show patient information'}
            </Button>
          )}
        </Stack>
        {revealed && requested.isPending && <CircularProgress size={20} aria-label="Requesting" />}
        {revealed && requested.isError && (
          <Alert severity="error">The patient information could not be requested.</Alert>
        )}
        {kase.isSharedToCurrentUser && !revealed && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {mayRequest ? SHARED_CASE_IDENTIFIERS : SHARED_CASE_NO_REQUEST}
          </Typography>
        )}
        <dl aria-label="Patient information">
          <DetailRow label="Patient identifier" value={shown?.identifier ?? HIDDEN} />
          <DetailRow label="Age" value={shown ? String(shown.age) : HIDDEN} />
          <DetailRow label="Sex" value={shown?.sex ?? HIDDEN} />
        </dl>
      </CardContent>
    </Card>
  );
}
