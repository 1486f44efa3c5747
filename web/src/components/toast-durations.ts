/** Spec §9: success and info toasts stay 3000 ms, error toasts 5000 ms. */
export const TOAST_DURATION_MS = { success: 3000, info: 3000, error: 5000 } as const;
export type ToastSeverity = keyof typeof TOAST_DURATION_MS;
