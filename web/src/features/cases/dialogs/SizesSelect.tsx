import { MenuItem, TextField } from '@mui/material';
import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

export interface SizeOption {
  id: string;
  label: string;
}

interface SizesSelectProps<T extends FieldValues, N extends FieldPath<T>> {
  /** The Controller's field for a `deviceVariantIds` array. */
  field: ControllerRenderProps<T, N>;
  fieldState: ControllerFieldState;
  id: string;
  options: readonly SizeOption[];
  /** Shown under the select when there is no error. */
  hint?: string;
}

/** The multiple-choice 'Sizes' select every ordering dialog shows under its devices. */
export function SizesSelect<T extends FieldValues, N extends FieldPath<T>>({
  field,
  fieldState,
  id,
  options,
  hint,
}: SizesSelectProps<T, N>) {
  const labelOf = (optionId: string) => options.find((o) => o.id === optionId)?.label ?? '';
  return (
    <TextField
      {...field}
      id={id}
      select
      label="Sizes"
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? hint}
      slotProps={{
        select: { multiple: true, renderValue: (ids) => (ids as string[]).map(labelOf).join(', ') },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
