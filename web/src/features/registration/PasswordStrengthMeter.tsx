import { PASSWORD_MIN_SCORE, type StrengthVerdict } from '@cardiomap/domain';
import { Box, LinearProgress, Typography } from '@mui/material';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/** zxcvbn's verdict as a bar, a word and its most useful advice (issue 19: the form shows a meter). */
export function PasswordStrengthMeter({ verdict }: { verdict: StrengthVerdict | null }) {
  if (!verdict) return null;
  const strongEnough = verdict.score >= PASSWORD_MIN_SCORE;
  const advice = verdict.warning ?? verdict.suggestions[0] ?? null;
  return (
    <Box data-testid="password-strength" aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(verdict.score + 1) * 20}
        color={strongEnough ? 'success' : 'warning'}
        aria-label="Strength of the password"
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color={strongEnough ? 'success.main' : 'warning.main'}>
        Strength: {LABELS[verdict.score]}
        {advice ? ` — ${advice}` : ''}
      </Typography>
    </Box>
  );
}
