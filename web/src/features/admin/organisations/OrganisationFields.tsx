import { COUNTRIES, type Region } from '@cardiomap/contract';
import { Autocomplete, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { OrganisationFormValues } from './organisation-form.ts';

interface OrganisationFieldsProps {
  form: UseFormReturn<OrganisationFormValues>;
  regions: readonly Region[];
  /** Spec §3: the code is read-only once the organisation exists. */
  codeReadOnly: boolean;
}

type SwitchName = 'allowDataProcessing' | 'hasConfidentialityAgreement' | 'requiresOtp' | 'passwordExpires';
const SWITCHES: readonly { name: SwitchName; label: string }[] = [
  { name: 'requiresOtp', label: 'MFA required' },
  { name: 'allowDataProcessing', label: 'Allow data processing' },
  { name: 'hasConfidentialityAgreement', label: 'Confidentiality agreement' },
  { name: 'passwordExpires', label: 'Passwords expire' },
];

/** The fields of the organisation dialog (spec §5 "Organisation"). */
export function OrganisationFields({ form, regions, codeReadOnly }: OrganisationFieldsProps) {
  const { control, register, formState, watch } = form;
  const errors = formState.errors;
  const expires = watch('passwordExpires');
  return (
    <Stack spacing={2}>
      <TextField
        {...register('code')}
        label="Code"
        disabled={codeReadOnly}
        slotProps={{ htmlInput: { maxLength: 3 } }}
        error={!!errors.code}
        helperText={errors.code?.message ?? (codeReadOnly ? undefined : 'Leave empty to generate one')}
      />
      <TextField {...register('name')} label="Name" required error={!!errors.name} helperText={errors.name?.message} />
      <Controller
        control={control}
        name="country"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={COUNTRIES}
            getOptionLabel={(c) => c.name}
            value={COUNTRIES.find((c) => c.code === field.value) ?? null}
            onChange={(_, c) => field.onChange(c?.code ?? '')}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Country"
                required
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="regionId"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            // Until the regions arrive the stored id has no option to show.
            value={regions.some((r) => r.id === field.value) ? field.value : ''}
            select
            label="Region"
            required
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {regions.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...register('dataProcessingContract')}
        label="Data processing contract"
        multiline
        minRows={2}
        error={!!errors.dataProcessingContract}
        helperText={errors.dataProcessingContract?.message}
      />
      {SWITCHES.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={label}
            />
          )}
        />
      ))}
      <TextField
        {...register('passwordExpirationDays')}
        label="Password expiration days"
        type="number"
        disabled={!expires}
        required={expires}
        error={!!errors.passwordExpirationDays}
        helperText={errors.passwordExpirationDays?.message ?? '0 turns expiry off'}
      />
    </Stack>
  );
}
