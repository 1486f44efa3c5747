import { loadPasswordStrength, type PasswordStrength } from '@cardiomap/domain';
import { useEffect, useState } from 'react';

/**
 * The zxcvbn estimator, once its dictionaries have loaded (a chunk of their own, fetched when the first
 * password form opens). Null until then: the form still checks length, e-mail and names meanwhile.
 */
export function usePasswordStrength(): PasswordStrength | null {
  const [strength, setStrength] = useState<{ fn: PasswordStrength } | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordStrength()
      .then((fn) => {
        if (live) setStrength({ fn });
      })
      // Without the estimator's chunk the meter stays empty; the length and likeness rules still apply.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return strength?.fn ?? null;
}
