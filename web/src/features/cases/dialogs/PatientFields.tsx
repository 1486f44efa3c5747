import { MenuItem, Stack, TextField } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';

/** The fields a patient is described by, shared by the new-analysis and edit-case forms (spec §5). */
interface PatientValues {
  patientIdentifier: string;
  patientSex: '' | 'F' | 'M';
  patientAge: string;
  physicianComment: string;
}

export function PatientFields<T extends PatientValues>({ form }: { form: UseFormReturn<T> }) {
  // The generic form narrows to the shared fields; the names below exist on every T.
  const control = (form as unknown as UseFormReturn<PatientValues>).control;
  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="patientIdentifier"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="patient-identifier"
            label="Patient identifier"
            required
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Stack direction="row" spacing={2}>
        <Controller
          control={control}
          name="patientSex"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="patient-sex"
              select
              label="Sex"
              required
              fullWidth
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              <MenuItem value="F">F</MenuItem>
              <MenuItem value="M">M</MenuItem>
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="patientAge"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="patient-age"
              type="number"
              label="Age"
              required
              fullWidth
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      </Stack>
      <Controller
        control={control}
        name="physicianComment"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="physician-comment"
            label="Physician comment"
            multiline
            minRows={2}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          />
        )}
      />
    </Stack>
  );
}
