import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createQueryClient } from '../api/index.ts';
import { ToastProvider } from '../components/Toasts.tsx';
import { type ApiMutationOptions, type MutationFeedback, shownByOnError, useApiMutation } from './use-api-mutation.ts';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

const refused = new ApiError(409, { detail: 'The case has been canceled meanwhile.', code: 'conflict' });

function mutation(
  options: Partial<ApiMutationOptions<{ id: string }, string>>,
  feedback?: MutationFeedback<{ id: string }, string>,
) {
  return renderHook(() => useApiMutation({ mutationFn: async (id: string) => ({ id }), ...options }, feedback), {
    wrapper,
  }).result;
}

describe('useApiMutation', () => {
  it("shows the hook's success toast, worded from the answer, after its cache work", async () => {
    const cacheWork = vi.fn();
    const result = mutation({ successToast: (data) => `Saved ${data.id}`, onSuccess: cacheWork });
    await act(() => result.current.mutateAsync('A-1'));
    expect(cacheWork).toHaveBeenCalledWith({ id: 'A-1' }, 'A-1');
    expect(await screen.findByTestId('toast')).toHaveTextContent('Saved A-1');
  });

  it('lets the caller replace the success toast, or turn it off', async () => {
    const replaced = mutation({ successToast: 'Saved' }, { successToast: 'Simulation ordered' });
    await act(() => replaced.current.mutateAsync('x'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Simulation ordered');

    const silent = mutation({ successToast: 'Saved' }, { successToast: false });
    await act(() => silent.current.mutateAsync('x'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('shows only the error when its cache work refuses the answer, never a success toast before it', async () => {
    const result = mutation({
      successToast: 'Saved',
      onSuccess: () => {
        throw new Error('Landmark x is not in the viewer state');
      },
    });
    await act(() => result.current.mutateAsync('x').catch(shownByOnError));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Landmark x is not in the viewer state');
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it("shows the API error envelope's message in the error toast by default (spec §8)", async () => {
    const result = mutation({ mutationFn: () => Promise.reject(refused) });
    await act(() => result.current.mutateAsync('x').catch(shownByOnError));
    expect(await screen.findByTestId('toast')).toHaveTextContent('The case has been canceled meanwhile.');
  });

  it("lets the caller show the failure instead of the toast, while the hook's own failure work still runs", async () => {
    const cacheWork = vi.fn();
    const shown: unknown[] = [];
    const result = mutation(
      { mutationFn: () => Promise.reject(refused), onError: cacheWork },
      { onError: (error) => shown.push(error) },
    );
    await act(async () => {
      await expect(result.current.mutateAsync('x')).rejects.toBe(refused);
    });
    expect(shown).toEqual([refused]);
    expect(cacheWork).toHaveBeenCalledWith(refused, 'x');
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
