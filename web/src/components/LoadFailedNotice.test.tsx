import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailedNotice } from './LoadFailedNotice.tsx';

describe('LoadFailedNotice', () => {
  it('says what could not be loaded and tries again on Retry', async () => {
    const onRetry = vi.fn();
    render(<LoadFailedNotice message="The case could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The case could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
