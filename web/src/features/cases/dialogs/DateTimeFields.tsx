import { HOURLY_TIMES } from '@cardiomap/domain';
import { MenuItem, Stack, TextField } from '@mui/material';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface Props<T extends FieldValues> {
  control: Control<T>;
  idPrefix: string;
  label: string;
  dateName: FieldPath<T>;
  timeName: FieldPath<T>;
  required?: boolean;
  min?: string;
  max?: string;
}

/** A native date input and the hourly time list of spec §9 (00:00 to 23:00), side by side. */
export function DateTimeFields<T extends FieldValues>(props: Props<T>) {
  const { control, idPrefix, label, required, min, max } = props;
  return (
    <Stack direction="row" spacing={2}>
      <Controller
        control={control}
        name={props.dateName}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id={`${idPrefix}-date`}
            type="date"
            label={label}
            required={required}
            fullWidth
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
          />
        )}
      />
      <Controller
        control={control}
        name={props.timeName}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id={`${idPrefix}-time`}
            select
            label={`${label} time`}
            required={required}
            // Wide enough for the longest label ('Expected delivery date time') whole when shrunk (issue 30
            // item 18: cut at 130 px); the date input takes the rest.
            sx={{ minWidth: 210 }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {HOURLY_TIMES.map((time) => (
              <MenuItem key={time} value={time}>
                {time}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}
