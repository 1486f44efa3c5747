import { TextField } from '@mui/material';
import { useState } from 'react';

interface Props {
  value: number;
  disabled?: boolean;
  onCommit(value: number): void;
}

/** The contract's bounds for a render order. */
const LIMIT = 1000;

/** An integer field handed on when the user leaves it or presses Enter, never per keystroke. */
export function RenderOrderField({ value, disabled, onCommit }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);
  const parsed = Number(text);
  const isValid = text.trim() !== '' && Number.isInteger(parsed) && Math.abs(parsed) <= LIMIT;

  const commit = () => {
    if (draft === null) return;
    if (isValid && parsed !== value) onCommit(parsed);
    if (isValid) setDraft(null);
  };

  return (
    <TextField
      label="Render order"
      type="number"
      size="small"
      sx={{ mt: 1, width: 140 }}
      disabled={disabled}
      value={text}
      error={!isValid}
      helperText={isValid ? undefined : `A whole number from −${LIMIT} to ${LIMIT}.`}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { min: -LIMIT, max: LIMIT, step: 1 } }}
    />
  );
}
