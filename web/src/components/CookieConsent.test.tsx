import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { analytics } from '../lib/analytics.ts';
import { readConsent } from '../lib/consent.ts';
import { CookieConsent } from './CookieConsent.tsx';

const renderConsent = () =>
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <CookieConsent /> }])} />);

describe('cookie consent (spec §1)', () => {
  it('is a fixed overlay 600 wide at z-index 1000 that links to the cookie policy', () => {
    renderConsent();
    const dialog = screen.getByTestId('cookie-consent');
    expect(dialog).toHaveStyle({ position: 'fixed', width: '600px', zIndex: '1000' });
    expect(screen.getByRole('link', { name: 'Read the cookie policy' })).toHaveAttribute('href', '/cookiepolicy');
  });

  it('stores "functional" without starting analytics, and stays away once chosen', async () => {
    const { unmount } = renderConsent();
    await userEvent.click(screen.getByRole('button', { name: 'Accept Functional Only' }));
    expect(screen.queryByTestId('cookie-consent')).not.toBeInTheDocument();
    expect(readConsent()).toBe('functional');
    expect(analytics.isStarted()).toBe(false);
    analytics.pageView('/cases');
    expect(analytics.recordedPageViews()).toEqual([]);
    unmount();
    renderConsent();
    expect(screen.queryByTestId('cookie-consent')).not.toBeInTheDocument();
  });

  it('starts analytics only after "Accept all"', async () => {
    renderConsent();
    expect(analytics.isStarted()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(readConsent()).toBe('all');
    expect(analytics.isStarted()).toBe(true);
  });
});
