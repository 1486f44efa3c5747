import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mprSnapshotFixture } from '../testing/mpr-snapshot-fixture.ts';
import { MprToolbar } from './MprToolbar.tsx';

// MUI's first render is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();

const snapshot = mprSnapshotFixture;

function renderToolbar(state = snapshot(), canSetInterpolation = false) {
  const onCommand = vi.fn();
  const onInterpolationChange = vi.fn();
  render(
    <MprToolbar
      snapshot={state}
      canSetInterpolation={canSetInterpolation}
      onCommand={onCommand}
      onInterpolationChange={onInterpolationChange}
    />,
  );
  return { onCommand, onInterpolationChange };
}

describe('MprToolbar', () => {
  it('names the preset the levels match, and applies a chosen preset', async () => {
    const { onCommand } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'Window: CTA' }));
    await user.click(screen.getByRole('menuitem', { name: /Lung/ }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'preset', id: 'lung' });
  });

  it('calls levels set by dragging Custom', () => {
    renderToolbar(snapshot({ levels: { windowCenter: 12, windowWidth: 345 } }));
    expect(screen.getByRole('button', { name: 'Window: Custom' })).toBeInTheDocument();
  });

  it('switches the left-button tool', async () => {
    const { onCommand } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'W/L' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'toolMode', mode: 'windowLevel' });
  });

  it('shows the interpolation switch only with the permission', async () => {
    const { onInterpolationChange } = renderToolbar(snapshot(), true);
    await user.click(screen.getByLabelText('Linear interpolation'));
    expect(onInterpolationChange).toHaveBeenCalledWith(1);
  });

  it('hides the interpolation switch without the permission', () => {
    renderToolbar(snapshot(), false);
    expect(screen.queryByLabelText('Linear interpolation')).not.toBeInTheDocument();
  });

  it('shows the loading percentage while the volume streams, and none once it is in', () => {
    renderToolbar(snapshot({ status: 'loading', progress: { loaded: 125, total: 500 } }));
    expect(screen.getByTestId('mpr-progress')).toHaveTextContent('25%');
  });

  it('shows no progress once every slice is in', () => {
    renderToolbar();
    expect(screen.queryByTestId('mpr-progress')).not.toBeInTheDocument();
  });
});
