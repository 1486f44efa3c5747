import { TextField } from '@mui/material';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface ImagingDateFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  /** Latest date the native picker offers. */
  max?: string;
}

/** The optional 'Imaging date' of a case (spec §5), a native date input. */
export function ImagingDateField<T extends FieldValues>({ control, name, id, max }: ImagingDateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id={id}
          type="date"
          label="Imaging date"
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max } }}
        />
      )}
    />
  );
}
