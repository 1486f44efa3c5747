import type { Case, PatientInformation } from '@cardiomap/contract';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useUser } from '../../auth/index.ts';
import { usePatientInformation } from '../api/get-patient-information.ts';
import { DetailRow } from './DetailRow.tsx';

type Mode = 'as-loaded' | 'requested' | 'hidden';

const HIDDEN = 'Hidden';

/**
 * Spec §2/§6: patient identifiers, unless the case is shared to the user or the user hides them by
 * setting. The sensitive-data button toggles between requesting them (an audited call) and hiding all
 * of them again.
 */
export function PatientInformationCard({ kase }: { kase: Case }) {
  const user = useUser();
  const loaded = kase.isSharedToCurrentUser || user.settings.hidePatientIdentifier ? null : kase.patientInformation;
  const [mode, setMode] = useState<Mode>('as-loaded');
  const requested = usePatientInformation(kase, mode === 'requested');
  const shown: PatientInformation | null | undefined =
    mode === 'as-loaded' ? loaded : mode === 'requested' ? requested.data : null;
  const mayRequest = !kase.isSharedToCurrentUser || kase.canRequestPatientInformation;
  const showing = mode === 'requested' || (mode === 'as-loaded' && loaded !== null);

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Patient information
          </Typography>
          {mayRequest && (
            <Button size="small" onClick={() => setMode(showing ? 'hidden' : 'requested')}>
              {showing ? 'Hide patient information' : 'Show patient information'}
            </Button>
          )}
        </Stack>
        {mode === 'requested' && requested.isPending && <CircularProgress size={20} aria-label="Requesting" />}
        {mode === 'requested' && requested.isError && (
          <Alert severity="error">The patient information could not be requested.</Alert>
        )}
        {!mayRequest && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            The patient identifiers of a shared case are not shown.
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
