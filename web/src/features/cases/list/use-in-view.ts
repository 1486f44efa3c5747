import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the returned element scrolls into view. `generation` re-observes, which
 * reports again if the element is still visible after new content rendered above it (a tall screen
 * where one page of cards does not fill the viewport).
 */
export function useInView<T extends Element>(onVisible: () => void, generation: unknown): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation must re-observe (see above).
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [generation]);
  return ref;
}
