import { FormControlLabel, Switch } from '@mui/material';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface ProspectiveSwitchProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  /** Called after the field took the new value. */
  onToggled?: () => void;
}

/** The prospective/retrospective switch of a case, labelled with its current value. */
export function ProspectiveSwitch<T extends FieldValues>({ control, name, onToggled }: ProspectiveSwitchProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={field.value ? 'Prospective' : 'Retrospective'}
          control={
            <Switch
              checked={field.value}
              onChange={(event) => {
                field.onChange(event.target.checked);
                onToggled?.();
              }}
            />
          }
        />
      )}
    />
  );
}
