import { FormControlLabel, Switch } from '@mui/material';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface CaseFlagSwitchProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  /** The label for each value: the switch reads as what the case is now. */
  labels: { on: string; off: string };
  /** Called after the field took the new value. */
  onToggled?: () => void;
}

/** A yes/no flag of a case (prospective, research), labelled with its current value. */
export function CaseFlagSwitch<T extends FieldValues>({ control, name, labels, onToggled }: CaseFlagSwitchProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={field.value ? labels.on : labels.off}
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

export const PROSPECTIVE_LABELS = { on: 'Prospective', off: 'Retrospective' };
/** Research results may be taken back and redone (spec §4 undeliver); clinical ones may not. */
export const RESEARCH_LABELS = { on: 'Research case', off: 'Clinical case' };
