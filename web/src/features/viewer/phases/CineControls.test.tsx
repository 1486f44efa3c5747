import type { ViewerPhase } from '@cardiomap/contract';
import type { VolumeHeader } from '@cardiomap/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MprEngine } from '../mpr/mpr-engine.ts';
import { levelsOrDefault } from '../mpr/mpr-settings.ts';
import type { DownloadWatcher, VolumeDownload } from '../mpr/volume-download.ts';
import type { ViewerSession } from '../session/viewer-session.ts';
import { ViewerSessionContext } from '../session/viewer-session-context.ts';
import { gatedViewerLoadFixture } from '../testing/viewer-fixtures.ts';
import { CineControls } from './CineControls.tsx';
import { usePhaseCine } from './use-phase-cine.ts';
import { defaultViewerPhase } from './viewer-phases.ts';

// MUI's first render is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });

const HEADER = { dimensions: [1, 1, 2] } as unknown as VolumeHeader;

/** A download complete at once, or never when `stalled`. */
function download(url: string, stalled: boolean, held: AbortSignal[]): VolumeDownload {
  const present = new Uint8Array(2).fill(stalled ? 0 : 1);
  return {
    url,
    live: true,
    adopted: false,
    adopt(_sink, signal) {
      held.push(signal);
      return new Promise(() => undefined);
    },
    watch(watcher: DownloadWatcher) {
      if (!stalled) watcher.slices({ header: HEADER, voxels: new Int16Array(2), present });
      return () => undefined;
    },
    claimFirstFrame: () => false,
    abort: () => undefined,
  };
}

/** A session whose MPR engine shows the whole default volume, and whose downloads finish unless stalled. */
function sessionWith(stalledUrls: string[] = []) {
  const engine = {
    getSnapshot: () => ({ completeMs: 120, levels: levelsOrDefault(null) }),
    subscribe: () => () => undefined,
    onPaneRendered: () => () => undefined,
    cinePane: () => null,
  } as unknown as MprEngine;
  const opened: string[] = [];
  const held: AbortSignal[] = [];
  const session = {
    subscribe: () => () => undefined,
    getSnapshot: () => ({ mprEngine: engine }),
    openVolume(url: string) {
      opened.push(url);
      return download(url, stalledUrls.includes(url), held);
    },
  } as unknown as ViewerSession;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ViewerSessionContext value={session}>{children}</ViewerSessionContext>
  );
  return { wrapper, opened, held };
}

function Header({ phases, current }: { phases: ViewerPhase[]; current: ViewerPhase | null }) {
  const cine = usePhaseCine(phases, current);
  return (
    <>
      <input aria-label="Landmark name" />
      <CineControls cine={cine} phases={phases} />
    </>
  );
}

describe('CineControls (issue 28 §2)', () => {
  const load = gatedViewerLoadFixture();
  const current = defaultViewerPhase(load);

  it('says how many phases are in while they stream, cannot play before all are, and lets go on unmount', async () => {
    // The last in order (after the default 40 % comes 70 %, then 0 %) never finishes.
    const stalled = load.phases[0]?.attributes.readUrl as string;
    const { wrapper, held } = sessionWith([stalled]);
    const { unmount } = render(<Header phases={load.phases} current={current} />, { wrapper });
    expect(await screen.findByText('2 of 3 phases ready')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play cine' })).toBeDisabled();
    // Leaving the viewer lets go of the downloads the stream held.
    expect(held.length).toBeGreaterThan(0);
    expect(held.some((signal) => !signal.aborted)).toBe(true);
    unmount();
    expect(held.every((signal) => signal.aborted)).toBe(true);
  });

  it('plays and pauses with the button and with the P key, but not while typing', async () => {
    const user = userEvent.setup();
    const { wrapper, opened } = sessionWith();
    render(<Header phases={load.phases} current={current} />, { wrapper });
    expect(await screen.findByText('3 phases ready')).toBeInTheDocument();
    // The default phase first, then the others in cardiac order after it.
    expect(opened).toEqual(
      ['40', '70', '0'].map((p) => load.phases.find((phase) => phase.label === `${p} %`)?.attributes.readUrl),
    );
    const play = screen.getByRole('button', { name: 'Play cine' });
    expect(play).toHaveAttribute('aria-keyshortcuts', 'P');
    await user.click(play);
    const pause = screen.getByRole('button', { name: 'Pause cine' });
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    // The label follows the frames: several phases go by.
    const seen = new Set<string>();
    await waitFor(() => {
      seen.add(screen.getByRole('status').textContent ?? '');
      expect(seen.size).toBeGreaterThanOrEqual(3);
    });
    await user.click(pause);
    expect(screen.getByRole('button', { name: 'Play cine' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Landmark name' }));
    await user.keyboard('p');
    expect(screen.getByRole('button', { name: 'Play cine' })).toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('p');
    expect(screen.getByRole('button', { name: 'Pause cine' })).toBeInTheDocument();
    await user.keyboard('P');
    expect(screen.getByRole('button', { name: 'Play cine' })).toBeInTheDocument();
  });

  it('shows nothing for a single-phase study', () => {
    const single = gatedViewerLoadFixture({ phases: [] });
    const { wrapper, opened } = sessionWith();
    const { container } = render(<Header phases={single.phases} current={null} />, { wrapper });
    expect(container.querySelector('button')).toBeNull();
    expect(opened).toEqual([]);
  });
});
