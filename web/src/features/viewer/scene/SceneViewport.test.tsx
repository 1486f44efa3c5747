import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeViewerSessions } from '../session/viewer-sessions.ts';
import { viewerSessionWrapper } from '../testing/session-wrapper.tsx';
import { SceneViewport } from './SceneViewport.tsx';
import { NO_WEBGL_MESSAGE } from './scene-engine.ts';

// MUI's first render and user-event typing are slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();

// happy-dom has no WebGL: the engine reports it and still answers the camera commands.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => closeViewerSessions());

const renderViewport = () => render(<SceneViewport objects={[]} landmarks={[]} />, viewerSessionWrapper());
const angle = () => screen.getByLabelText('Camera angle');

describe('SceneViewport', () => {
  it('tells the user when the browser cannot draw 3D', () => {
    renderViewport();
    expect(screen.getByRole('alert')).toHaveTextContent(NO_WEBGL_MESSAGE);
  });

  it('starts in AP and goes to the TAVI and LAAO views, and back on Reset', async () => {
    renderViewport();
    expect(angle()).toHaveTextContent('AP');
    await user.click(screen.getByRole('button', { name: 'TAVI view' }));
    expect(angle()).toHaveTextContent('LAO 5° CAU 15°');
    await user.click(screen.getByRole('button', { name: 'LAAO view' }));
    expect(angle()).toHaveTextContent('RAO 30° CAU 20°');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(angle()).toHaveTextContent('AP');
  });

  it('aligns to the C-arm angles typed in', async () => {
    renderViewport();
    await user.click(screen.getByRole('button', { name: 'Align to C-arm' }));
    const primary = screen.getByRole('spinbutton', { name: 'LAO / RAO (°)' });
    await user.clear(primary);
    await user.type(primary, '-20');
    const secondary = screen.getByRole('spinbutton', { name: 'CRA / CAU (°)' });
    await user.clear(secondary);
    await user.type(secondary, '35{Enter}');
    expect(angle()).toHaveTextContent('RAO 20° CRA 35°');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses an angle a C-arm cannot reach', async () => {
    renderViewport();
    await user.click(screen.getByRole('button', { name: 'Align to C-arm' }));
    const secondary = screen.getByRole('spinbutton', { name: 'CRA / CAU (°)' });
    await user.clear(secondary);
    await user.type(secondary, '95');
    expect(screen.getByText('Between −90 and 90 degrees.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
