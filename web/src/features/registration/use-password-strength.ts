import { loadPasswordStrength, type PasswordStrength } from '@cardiomap/domain';
import { useEffect, useState } from 'react';

/**
 * The zxcvbn estimator, loaded when a password form opens (its dictionaries are a chunk of their own).
 * Null until then: the form's rules still run without it, and the server always checks with it.
 */
export function usePasswordStrength(): PasswordStrength | null {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordStrength()
      .then((estimator) => {
        if (live) setStrength(() => estimator);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return strength;
}
