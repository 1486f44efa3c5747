import { Alert, FormControlLabel, FormHelperText, MenuItem, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { DeviceAndSizesFields } from './DeviceAndSizesFields.tsx';
import { DeviceSelect } from './DeviceSelect.tsx';
import { NON_CLINICAL_WARNING } from './new-analysis-options.ts';
import type { NewAnalysisFormState } from './use-new-analysis-form.ts';

/** Intervention, device(s), sizes and service of the new-analysis form (spec §5). */
export function NewAnalysisDeviceFields({ state }: { state: NewAnalysisFormState }) {
  const { form, deviceOptions, variants, intervention } = state;
  const [deviceId, extraDeviceIds] = form.watch(['deviceId', 'extraDeviceIds']);
  // Spec §5: while extra devices are chosen for an anatomical-only analysis the device select is locked.
  const deviceLocked = state.extrasAllowed && extraDeviceIds.length > 0;
  return (
    <Stack spacing={2}>
      <Controller
        control={form.control}
        name="interventionId"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="intervention"
            select
            required
            label="Intervention"
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {state.interventions.map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {i.name} ({i.prefix})
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <DeviceAndSizesFields
        control={form.control}
        deviceField="deviceId"
        sizesField="deviceVariantIds"
        id="device"
        sizesId="device-variants"
        label="Device"
        devices={deviceOptions}
        disabled={deviceLocked || deviceOptions.length === 0}
        sizes={variants}
        sizesHint={`Up to ${intervention?.variantLimit ?? ''} sizes.`}
      >
        {state.extrasAllowed && deviceId && (
          <Controller
            control={form.control}
            name="extraDeviceIds"
            render={({ field }) => (
              <DeviceSelect
                field={field}
                id="extra-devices"
                label="Extra devices"
                devices={deviceOptions.filter((d) => d.id !== deviceId)}
                multiple
                hint="Compare other valves in the same anatomical analysis."
              />
            )}
          />
        )}
      </DeviceAndSizesFields>
      <Controller
        control={form.control}
        name="service"
        render={({ field, fieldState }) => (
          <div>
            <RadioGroup {...field} row aria-label="Service">
              {state.serviceOptions.map((option) => (
                <FormControlLabel
                  key={option.choice}
                  value={option.choice}
                  control={<Radio />}
                  label={option.label}
                  disabled={!option.allowed}
                />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </div>
        )}
      />
      {state.nonClinical && <Alert severity="warning">{NON_CLINICAL_WARNING}</Alert>}
    </Stack>
  );
}
