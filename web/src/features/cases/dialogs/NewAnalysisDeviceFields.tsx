import { SERVICE_LABELS } from '@cardiomap/contract';
import { Alert, FormControlLabel, FormHelperText, MenuItem, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { NON_CLINICAL_WARNING } from './new-analysis-options.ts';
import { SizesSelect } from './SizesSelect.tsx';
import type { NewAnalysisFormState } from './use-new-analysis-form.ts';

/** Intervention, device(s), sizes and service of the new-analysis form (spec §5). */
export function NewAnalysisDeviceFields({ state }: { state: NewAnalysisFormState }) {
  const { form, deviceOptions, variants, intervention } = state;
  const [deviceId, extraDeviceIds] = form.watch(['deviceId', 'extraDeviceIds']);
  // Spec §5: while extra devices are chosen for an anatomical-only analysis the device select is locked.
  const deviceLocked = state.extrasAllowed && extraDeviceIds.length > 0;
  const deviceName = (id: string) => deviceOptions.find((d) => d.id === id)?.name ?? '';
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
      <Controller
        control={form.control}
        name="deviceId"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="device"
            select
            required
            label="Device"
            disabled={deviceLocked || deviceOptions.length === 0}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {deviceOptions.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {state.extrasAllowed && deviceId && (
        <Controller
          control={form.control}
          name="extraDeviceIds"
          render={({ field }) => (
            <TextField
              {...field}
              id="extra-devices"
              select
              label="Extra devices"
              helperText="Compare other valves in the same anatomical analysis."
              slotProps={{
                select: { multiple: true, renderValue: (ids) => (ids as string[]).map(deviceName).join(', ') },
              }}
            >
              {deviceOptions
                .filter((d) => d.id !== deviceId)
                .map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    {d.name}
                  </MenuItem>
                ))}
            </TextField>
          )}
        />
      )}
      {variants.length > 0 && (
        <Controller
          control={form.control}
          name="deviceVariantIds"
          render={({ field, fieldState }) => (
            <SizesSelect
              field={field}
              fieldState={fieldState}
              id="device-variants"
              options={variants}
              hint={`Up to ${intervention?.variantLimit ?? ''} sizes.`}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="service"
        render={({ field, fieldState }) => (
          <div>
            <RadioGroup {...field} row aria-label="Service">
              <FormControlLabel value="anatomical" control={<Radio />} label={`${SERVICE_LABELS[0]} only`} />
              <FormControlLabel
                value="simulation"
                control={<Radio />}
                label={`${SERVICE_LABELS[0]} and ${SERVICE_LABELS[1].toLowerCase()}`}
                disabled={!state.simulationAllowed}
              />
            </RadioGroup>
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </div>
        )}
      />
      {state.nonClinical && <Alert severity="warning">{NON_CLINICAL_WARNING}</Alert>}
    </Stack>
  );
}
