import type { Case } from '@cardiomap/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { Controller } from 'react-hook-form';
import { DateTimeFields } from './DateTimeFields.tsx';
import { PatientFields } from './PatientFields.tsx';
import { useEditCaseForm } from './use-edit-case-form.ts';

export interface EditCaseDialogProps {
  open: boolean;
  onClose: () => void;
  case: Case;
}

/** Spec §2 case detail header dialog "Edit case". */
export function EditCaseDialog({ open, onClose, case: kase }: EditCaseDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="edit-case-title">
      <DialogTitle id="edit-case-title">Edit case {kase.caseIdentifier}</DialogTitle>
      {/* Mounted only while open, so each opening starts from the case as it is now. */}
      {open && <EditCaseForm kase={kase} onClose={onClose} />}
    </Dialog>
  );
}

function EditCaseForm({ kase, onClose }: { kase: Case; onClose: () => void }) {
  const { form, submit, alerts, canSubmit } = useEditCaseForm(kase, onClose);
  return (
    <form noValidate onSubmit={submit} aria-label="Edit case">
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {alerts.map((message) => (
            <Alert key={message} severity="error">
              {message}
            </Alert>
          ))}
          <PatientFields form={form} />
          <Controller
            control={form.control}
            name="isProspective"
            render={({ field }) => (
              <FormControlLabel
                label={field.value ? 'Prospective' : 'Retrospective'}
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              />
            )}
          />
          <Controller
            control={form.control}
            name="imagingDate"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="edit-imaging-date"
                type="date"
                label="Imaging date"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          />
          <DateTimeFields
            control={form.control}
            idPrefix="edit-intervention"
            label="Intervention date"
            dateName="interventionDate"
            timeName="interventionTime"
          />
          <DateTimeFields
            control={form.control}
            idPrefix="edit-expected-delivery"
            label="Expected delivery date"
            dateName="expectedDeliveryDate"
            timeName="expectedDeliveryTime"
            required
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
