import type { Case, Order } from '@cardiomap/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { allErrorMessages } from '../../../api/index.ts';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useDeliverOrder } from '../api/deliver-order.ts';
import { useCreateAnalysis, useStudyAnalyses } from '../api/study-analyses.ts';
import { DialogForm } from '../dialogs/DialogForm.tsx';
import { analysisLabel, analysisTypeFor, deliverableAnalyses } from './deliverable-analyses.ts';

interface Props {
  kase: Case;
  order: Order;
  orderLabel: string;
  onClose: () => void;
}

/**
 * Deliver an order (spec §4: order and case in progress): choose the analyst's analysis whose results
 * the physician then sees as ready, and confirm. Without an analysis yet, one can be made for the order.
 */
export function DeliverOrderDialog({ kase, order, orderLabel, onClose }: Props) {
  const analyses = useStudyAnalyses(kase.studyId);
  const offered = deliverableAnalyses(analyses.data ?? [], order);
  const [chosen, setChosen] = useState<string | null>(null);
  const analysisId = chosen ?? offered[0]?.id ?? null;
  const [alerts, setAlerts] = useState<string[]>([]);
  const deliver = useDeliverOrder(kase, { onError: (error) => setAlerts(allErrorMessages(error)) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!analysisId) return;
    setAlerts([]);
    const done = await deliver.mutateAsync({ orderId: order.id, analysisId }).catch(shownByOnError);
    if (done) onClose();
  };
  return (
    <Dialog
      open
      onClose={deliver.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="deliver-title"
    >
      <DialogTitle id="deliver-title">Deliver {orderLabel}</DialogTitle>
      <DialogForm
        label="Deliver analysis"
        onSubmit={submit}
        onCancel={onClose}
        alerts={alerts}
        submitLabel={deliver.isPending ? 'Delivering…' : 'Deliver'}
        canSubmit={analysisId !== null && !deliver.isPending}
      >
        <DialogContentText>
          The physician will see this analysis as ready, with the chosen analysis's published landmarks and results.
        </DialogContentText>
        {kase.studyId === null && (
          <Alert severity="info">This case has no study yet: its images have not been processed.</Alert>
        )}
        {analyses.isPending && kase.studyId !== null && <Typography>Loading the analyses…</Typography>}
        {analyses.isError && <Alert severity="error">The analyses could not be loaded. Close and try again.</Alert>}
        {analyses.isSuccess && offered.length === 0 && kase.studyId && (
          <NoAnalysisYet studyId={kase.studyId} order={order} onCreated={setChosen} />
        )}
        {offered.length > 0 && (
          <FormControl>
            <FormLabel id="deliver-analysis-label">Analysis to deliver</FormLabel>
            <RadioGroup
              aria-labelledby="deliver-analysis-label"
              value={analysisId ?? ''}
              onChange={(event) => setChosen(event.target.value)}
            >
              {offered.map((analysis) => {
                const { name, detail } = analysisLabel(analysis);
                return (
                  <FormControlLabel
                    key={analysis.id}
                    value={analysis.id}
                    control={<Radio />}
                    label={
                      <Stack>
                        <span>{name}</span>
                        <Typography variant="body2" color="text.secondary">
                          {detail}
                        </Typography>
                      </Stack>
                    }
                  />
                );
              })}
            </RadioGroup>
          </FormControl>
        )}
      </DialogForm>
    </Dialog>
  );
}

function NoAnalysisYet({
  studyId,
  order,
  onCreated,
}: {
  studyId: string;
  order: Order;
  onCreated: (analysisId: string) => void;
}) {
  const create = useCreateAnalysis(studyId);
  const make = async () => {
    const made = await create
      .mutateAsync({ studyId, type: analysisTypeFor(order), orderId: order.id })
      // The mutation's own error path has told the user already; a refusal just means nothing to open.
      .catch(() => undefined);
    if (made) onCreated(made.id);
  };
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={make} disabled={create.isPending}>
          Create analysis
        </Button>
      }
    >
      This study has no analyst's analysis yet. Create one for this order, then add its landmarks and results in the
      viewer before delivering.
    </Alert>
  );
}
