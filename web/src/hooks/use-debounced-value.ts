import { useEffect, useState } from 'react';

/**
 * The value as it was `delayMs` after it last changed. Only for primitives: an object built during
 * render changes identity every render and would restart the timer for ever.
 */
export function useDebouncedValue<T extends string | number | boolean | null | undefined>(
  value: T,
  delayMs: number,
): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
