import { MenuItem, TextField } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Reason } from '../api/get-reasons.ts';

interface Props {
  id: string;
  label: string;
  reasons: UseQueryResult<Reason[]>;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  required?: boolean;
  error?: string;
}

/** A reason from one of the catalogues (rejection-reasons/, degradation-reasons/), with loading and error states. */
export function ReasonSelect({ id, label, reasons, value, onChange, onBlur, required, error }: Props) {
  const failed = reasons.isError ? 'The reasons could not be loaded. Close the dialog and try again.' : undefined;
  return (
    <TextField
      select
      id={id}
      label={label}
      required={required}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={!!error || reasons.isError}
      helperText={error ?? failed ?? (reasons.isPending ? 'Loading the reasons…' : undefined)}
      disabled={!reasons.isSuccess}
    >
      {!required && <MenuItem value="">No reason given</MenuItem>}
      {(reasons.data ?? []).map((reason) => (
        <MenuItem key={reason.id} value={reason.id}>
          {reason.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
