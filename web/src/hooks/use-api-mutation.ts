import { useMutation } from '@tanstack/react-query';
import { useToast } from '../components/Toasts.tsx';

/** A toast's text, fixed or worded from the answer (e.g. the new case's identifier). */
export type ToastText<TData, TVariables> = string | ((data: TData, variables: TVariables) => string);

/** What the component using a mutation hook may change about the hook's feedback. */
export interface MutationFeedback<TData, TVariables> {
  /** Replaces the hook's success toast; `false` shows none (e.g. one toast for a batch of calls). */
  successToast?: ToastText<TData, TVariables> | false;
  /**
   * Replaces the error toast: the caller shows the failure where the user is looking (a form's
   * fields, a conflict inside a dialog). A `mutateAsync` still rejects after it has run.
   */
  onError?: (error: unknown, variables: TVariables) => void;
}

export interface ApiMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The toast after success, worded as the spec has it (§8 "Success toasts"); none when omitted. */
  successToast?: ToastText<TData, TVariables>;
  /** Cache work after success; awaited, so the mutation stays pending until the cache holds the answer. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** Cache work after a failure (e.g. reload what a 409 says is stale), whoever shows the error. */
  onError?: (error: unknown, variables: TVariables) => unknown;
  onSettled?: () => unknown;
}

/**
 * One feedback path for every write (the Supabase Studio pattern): success shows the hook's toast, a
 * failure the error toast worded from the API's error envelope (spec §8, `errorToastMessage`), unless
 * the caller overrides either. The hook keeps the cache work; the caller only says how to tell the user.
 */
export function useApiMutation<TData, TVariables = void>(
  { mutationFn, successToast, onSuccess, onError, onSettled }: ApiMutationOptions<TData, TVariables>,
  feedback: MutationFeedback<TData, TVariables> = {},
) {
  const toast = useToast();
  return useMutation<TData, unknown, TVariables>({
    mutationFn,
    onSuccess: (data, variables) => {
      // The cache work starts first: one that refuses the answer throws at once (spec §5 Viewer), and
      // the error toast must then not follow a success toast. Its asynchronous part is not waited for.
      const cacheWork = onSuccess?.(data, variables);
      const text = feedback.successToast ?? successToast;
      if (text) toast.success(typeof text === 'function' ? text(data, variables) : text);
      return cacheWork;
    },
    onError: (error, variables) => {
      const cacheWork = onError?.(error, variables);
      if (feedback.onError) feedback.onError(error, variables);
      else toast.error(error);
      return cacheWork;
    },
    onSettled,
  });
}

/**
 * For `await mutateAsync(…).catch(shownByOnError)` when the caller passed its own `onError`: the failure
 * has been shown already, so the await gives `undefined` instead of throwing it again.
 */
export const shownByOnError = (): undefined => undefined;
