import { Alert, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { errorToastMessage } from '../api/index.ts';
import { TOAST_DURATION_MS, type ToastSeverity } from './toast-durations.ts';

interface Toast {
  id: number;
  severity: ToastSeverity;
  message: string;
}

export interface ToastApi {
  success(message: string): void;
  info(message: string): void;
  /** An error toast worded by spec §8: pass the error, an explicit message, or both. */
  error(error?: unknown, explicitMessage?: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

/** One toast at a time, the rest queued, so a burst of failures stays readable. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const push = useCallback((severity: ToastSeverity, message: string) => {
    setQueue((current) => [...current, { id: nextId++, severity, message }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => push('success', message),
      info: (message) => push('info', message),
      error: (error, explicitMessage) => push('error', errorToastMessage(error, explicitMessage)),
    }),
    [push],
  );
  const current = queue[0];
  const dismiss = () => setQueue((rest) => rest.slice(1));

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current ? (
        <Snackbar
          key={current.id}
          open
          autoHideDuration={TOAST_DURATION_MS[current.severity]}
          onClose={(_, reason) => reason !== 'clickaway' && dismiss()}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        >
          <Alert severity={current.severity} variant="filled" onClose={dismiss} data-testid="toast">
            {current.message}
          </Alert>
        </Snackbar>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
