import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { studyViewerRoute } from './viewer-routes.tsx';

// The viewer page's chunk never arrives: the request hangs, as on a network that holds it open.
vi.mock('./StudyViewerPage.tsx', () => new Promise(() => {}));

describe('the study viewer chunk that does not arrive (spec §9, 120 s)', () => {
  // Only the time-out's clock is faked: React schedules its rendering on setImmediate, left real.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('ends in an error with a reload, not an endless loading state', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const router = createMemoryRouter(
      [{ path: 'study-viewer/:id', children: [studyViewerRoute({ embedded: false })] }],
      { initialEntries: ['/study-viewer/6f1c2a4e-1111-4222-8333-944455556666/mprviewer'] },
    );
    render(<RouterProvider router={router} />);

    await act(() => vi.advanceTimersByTimeAsync(119_999));
    expect(router.state.errors).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers(); // the testing library polls on setTimeout
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of CardioMap did not arrive within 120 seconds. Check your connection and reload the page.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
