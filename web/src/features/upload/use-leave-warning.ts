import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `active`, closing or reloading the tab asks the browser's own question, and in-app navigation
 * to a path outside `stayHere` is held by a blocker the caller shows as a dialog.
 */
export function useLeaveWarning(active: boolean, stayHere: (pathname: string) => boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
  return useBlocker(({ nextLocation }) => active && !stayHere(nextLocation.pathname));
}
