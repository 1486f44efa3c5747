import type { StrengthVerdict } from '@cardiomap/domain';
import { Box, LinearProgress, Typography } from '@mui/material';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/** zxcvbn's score as a bar and a word, with its main warning; nothing before the user types. */
export function PasswordStrengthMeter({ verdict }: { verdict: StrengthVerdict | null }) {
  if (!verdict) return null;
  const label = LABELS[verdict.score];
  return (
    <Box data-testid="password-strength">
      <LinearProgress
        variant="determinate"
        value={(verdict.score + 1) * 20}
        color={COLORS[verdict.score]}
        aria-label={`Password strength: ${label}`}
      />
      <Typography variant="caption" color="text.secondary">
        Strength: {label}
        {verdict.warning ? ` — ${verdict.warning}` : ''}
      </Typography>
    </Box>
  );
}
