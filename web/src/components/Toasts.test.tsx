import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/index.ts';
import { type ToastApi, ToastProvider, useToast } from './Toasts.tsx';

let toast: ToastApi;
function Grab() {
  toast = useToast();
  return null;
}

const renderToasts = () =>
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );

describe('toasts (spec §8, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides a success toast after 3000 ms', () => {
    vi.useFakeTimers();
    renderToasts();
    act(() => toast.success('Case edited successfully'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Case edited successfully');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.runOnlyPendingTimers());
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('keeps an error toast 5000 ms, worded from the error', () => {
    vi.useFakeTimers();
    renderToasts();
    act(() => toast.error(new ApiError(401, { detail: 'x', code: 'token_not_valid' })));
    expect(screen.getByTestId('toast')).toHaveTextContent('Session expired, please log in again.');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.runOnlyPendingTimers());
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('shows queued toasts one after the other', () => {
    vi.useFakeTimers();
    renderToasts();
    act(() => {
      toast.info('First');
      toast.error(undefined, 'Second');
    });
    expect(screen.getByTestId('toast')).toHaveTextContent('First');
    act(() => vi.advanceTimersByTime(3100));
    expect(screen.getByTestId('toast')).toHaveTextContent('Second');
  });
});
