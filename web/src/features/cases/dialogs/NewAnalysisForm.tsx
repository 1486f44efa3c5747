import { DELIVERY_TOO_SOON_WARNING } from '@cardiomap/domain';
import {
  Alert,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { CaseFlagSwitch, PROSPECTIVE_LABELS } from './CaseFlagSwitch.tsx';
import { CaseResponsibleField } from './CaseResponsibleField.tsx';
import { DateTimeFields } from './DateTimeFields.tsx';
import { ImagingDateField } from './ImagingDateField.tsx';
import { NewAnalysisDeviceFields } from './NewAnalysisDeviceFields.tsx';
import { LICENCE_REQUIRED } from './new-analysis-options.ts';
import { PatientFields } from './PatientFields.tsx';
import type { NewAnalysisFormState } from './use-new-analysis-form.ts';

/** The new-analysis form as a view of useNewAnalysisForm. */
export function NewAnalysisForm({ state, onCancel }: { state: NewAnalysisFormState; onCancel: () => void }) {
  const { form, user, today } = state;
  const [isProspective, organisationId] = form.watch(['isProspective', 'organisationId']);
  if (state.loading) {
    return (
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the catalogue" />
      </DialogContent>
    );
  }
  return (
    <form noValidate onSubmit={state.submit} aria-label="New analysis">
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {state.loadFailed && <Alert severity="error">The devices could not be loaded. Please try again.</Alert>}
          {state.alerts.map((message) => (
            <Alert key={message} severity="error">
              {message}
            </Alert>
          ))}
          {!state.hasLicence && <Alert severity="info">{LICENCE_REQUIRED}</Alert>}
          {state.training && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" component={RouterLink} to={`/training/${state.training.interventionPrefix}`}>
                  Go to training
                </Button>
              }
            >
              Complete the {state.training.interventionName} training before requesting an analysis.
            </Alert>
          )}
          {user.hasManyOrgs && (
            <Controller
              control={form.control}
              name="organisationId"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id="organisation"
                  select
                  required
                  label="Organisation"
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  {user.organisations.map((organisation) => (
                    <MenuItem key={organisation.id} value={organisation.id}>
                      {organisation.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <NewAnalysisDeviceFields state={state} />
          <PatientFields form={form} />
          <CaseFlagSwitch
            labels={PROSPECTIVE_LABELS}
            control={form.control}
            name="isProspective"
            // The intervention date bound flips with this switch.
            onToggled={() => void form.trigger('interventionDate')}
          />
          <DateTimeFields
            control={form.control}
            idPrefix="intervention"
            label="Intervention date"
            dateName="interventionDate"
            timeName="interventionTime"
            min={isProspective ? today : undefined}
            max={isProspective ? undefined : today}
          />
          <ImagingDateField control={form.control} name="imagingDate" id="imaging-date" max={today} />
          <DateTimeFields
            control={form.control}
            idPrefix="expected-delivery"
            label="Expected delivery date"
            dateName="expectedDeliveryDate"
            timeName="expectedDeliveryTime"
            required
            min={today}
          />
          {state.deliveryTooSoon && <Alert severity="warning">{DELIVERY_TOO_SOON_WARNING}</Alert>}
          {user.canAssignCaseResponsible && (
            <Controller
              control={form.control}
              name="caseResponsible"
              render={({ field, fieldState }) => (
                <CaseResponsibleField
                  organisationId={organisationId}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!state.canSubmit}>
          {form.formState.isSubmitting ? 'Requesting…' : 'Request analysis'}
        </Button>
      </DialogActions>
    </form>
  );
}
