import type { CArmAngles } from '@cardiomap/domain';
import { Button, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';

interface Props {
  initial: CArmAngles;
  onApply(angles: CArmAngles): void;
}

const LIMITS = { laoRao: 180, cranCaud: 90 } as const;

/** Two angles in degrees, signed as a C-arm shows them: LAO and cranial positive. */
export function CArmAlignForm({ initial, onApply }: Props) {
  const [values, setValues] = useState({ laoRao: String(initial.laoRao), cranCaud: String(initial.cranCaud) });
  const parsed = {
    laoRao: parseAngle(values.laoRao, LIMITS.laoRao),
    cranCaud: parseAngle(values.cranCaud, LIMITS.cranCaud),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.laoRao !== null && parsed.cranCaud !== null)
      onApply({ laoRao: parsed.laoRao, cranCaud: parsed.cranCaud });
  };

  const field = (key: keyof CArmAngles, label: string, helper: string) => (
    <TextField
      label={label}
      type="number"
      size="small"
      value={values[key]}
      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
      error={parsed[key] === null}
      helperText={parsed[key] === null ? `Between −${LIMITS[key]} and ${LIMITS[key]} degrees.` : helper}
      slotProps={{ htmlInput: { min: -LIMITS[key], max: LIMITS[key], step: 1 } }}
    />
  );

  return (
    <Stack component="form" onSubmit={submit} spacing={2} sx={{ p: 2, width: 240 }} noValidate>
      {field('laoRao', 'LAO / RAO (°)', 'LAO positive, RAO negative')}
      {field('cranCaud', 'CRA / CAU (°)', 'Cranial positive, caudal negative')}
      <Button type="submit" variant="contained" disabled={parsed.laoRao === null || parsed.cranCaud === null}>
        Apply
      </Button>
    </Stack>
  );
}

function parseAngle(text: string, limit: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}
