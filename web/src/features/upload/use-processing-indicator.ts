import { useEffect, useState } from 'react';
import { PROCESSING_TICK_MS, processingIndicatorValue } from './engine/processing-indicator.ts';

/** The processing indicator's value while `active`, counted from when it became active. */
export function useProcessingIndicator(active: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    setValue(0);
    const timer = setInterval(() => setValue(processingIndicatorValue(Date.now() - started)), PROCESSING_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return active ? value : 0;
}
