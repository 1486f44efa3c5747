import type { Device } from '@cardiomap/contract';
import { MenuItem, TextField } from '@mui/material';
import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

interface DeviceSelectProps<T extends FieldValues, N extends FieldPath<T>> {
  /** The Controller's field: one device id, or a list of ids. */
  field: ControllerRenderProps<T, N>;
  /** Omitted where the field shows no error of its own. */
  fieldState?: ControllerFieldState;
  id: string;
  label: string;
  devices: readonly Pick<Device, 'id' | 'name'>[];
  multiple?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Shown under the select when there is no error. */
  hint?: string;
  /** Called after the field took the new choice. */
  onChosen?: () => void;
}

/** The device select of every ordering dialog, single or multiple choice over one form field. */
export function DeviceSelect<T extends FieldValues, N extends FieldPath<T>>({
  field,
  fieldState,
  id,
  label,
  devices,
  multiple = false,
  required,
  disabled,
  hint,
  onChosen,
}: DeviceSelectProps<T, N>) {
  // A list field may still be shown as a single choice (spec §9), so the value keeps the field's own shape.
  const holdsList = Array.isArray(field.value);
  const nameOf = (deviceId: string) => devices.find((d) => d.id === deviceId)?.name ?? '';
  return (
    <TextField
      {...field}
      value={holdsList && !multiple ? (field.value[0] ?? '') : field.value}
      onChange={(event) => {
        const value = event.target.value as string | string[];
        field.onChange(holdsList ? [value].flat() : value);
        onChosen?.();
      }}
      id={id}
      select
      required={required}
      label={label}
      disabled={disabled}
      error={!!fieldState?.error}
      helperText={fieldState?.error?.message ?? hint}
      slotProps={{
        select: { multiple, renderValue: (ids) => [ids as string | string[]].flat().map(nameOf).join(', ') },
      }}
    >
      {devices.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
