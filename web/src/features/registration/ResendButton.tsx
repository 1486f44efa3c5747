import { Button } from '@mui/material';
import { useCountdown } from '../auth/index.ts';

interface Props {
  /** When the next link may be asked for (epoch ms). */
  availableAt: number;
  busy: boolean;
  onResend(): void;
}

/** Spec §9 "resend countdown 60 s": disabled and counting down until a new link may be asked for. */
export function ResendButton({ availableAt, busy, onResend }: Props) {
  const left = useCountdown(availableAt);
  return (
    <Button onClick={onResend} disabled={busy || left > 0} data-testid="verification-resend">
      {left > 0 ? `Send a new link in ${left} s` : busy ? 'Sending…' : 'Send a new link'}
    </Button>
  );
}
