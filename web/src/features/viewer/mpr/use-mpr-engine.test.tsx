import { render } from '@testing-library/react';
import { StrictMode, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewerSessionContext } from '../session/viewer-session-context.ts';
import { closeViewerSessions, viewerSession } from '../session/viewer-sessions.ts';
import { STUDY_ID } from '../testing/viewer-fixtures.ts';
import type { PaneId } from './mpr-settings.ts';
import { useMprEngine } from './use-mpr-engine.ts';

/** Engines made, and what each was asked: the real one needs WebGL. */
const made = vi.hoisted(() => [] as { calls: string[]; openVolume(url: string): unknown }[]);
vi.mock('./mpr-engine.ts', () => ({
  createMprEngine: (options: { openVolume(url: string): unknown }) => {
    const calls: string[] = [];
    const snapshot = { revision: 0 };
    const engine = {
      calls,
      openVolume: options.openVolume,
      setVolume: (props: { volumeUrl: string }) => {
        calls.push(`setVolume ${props.volumeUrl}`);
        options.openVolume(props.volumeUrl);
      },
      attach: () => calls.push('attach'),
      detach: () => calls.push('detach'),
      destroy: () => calls.push('destroy'),
      subscribe: () => () => undefined,
      getSnapshot: () => snapshot,
    };
    made.push(engine);
    return engine;
  },
}));
vi.mock('./mpr-readout.ts', () => ({ exposeMprReadout: () => () => undefined }));
// The session's downloads, counted instead of fetched.
const started = vi.hoisted(() => [] as string[]);
vi.mock('./volume-download.ts', () => ({
  startVolumeDownload: (url: string) => {
    started.push(url);
    return { url, live: true, abort: () => undefined };
  },
}));

function Panes() {
  const panes = useRef<Partial<Record<PaneId, HTMLDivElement | null>>>({});
  useMprEngine(panes, { volumeUrl: '/v/a.cmvol' });
  return (
    <>
      {(['axial', 'coronal', 'sagittal'] as const).map((pane) => (
        <div
          key={pane}
          ref={(element) => {
            panes.current[pane] = element;
          }}
        />
      ))}
    </>
  );
}

afterEach(() => {
  closeViewerSessions();
  made.length = 0;
  started.length = 0;
});

describe('useMprEngine', () => {
  it("leases the session's engine: StrictMode's remount keeps it and its download, the session destroys it", async () => {
    const session = viewerSession(STUDY_ID);
    const view = render(
      <StrictMode>
        <ViewerSessionContext value={session}>
          <Panes />
        </ViewerSessionContext>
      </StrictMode>,
    );
    await vi.waitFor(() => expect(made[0]?.calls).toContain('attach'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(made).toHaveLength(1);
    expect(started).toEqual(['/v/a.cmvol']);
    expect(session.getSnapshot().mprEngine).toBe(made[0]);
    view.unmount();
    // Issue 30: the last unmount (the 3D view opened) keeps the engine for the next MPR view.
    await vi.waitFor(() => expect(session.getSnapshot().mprEngine).toBeNull());
    expect(made[0]?.calls.at(-1)).toBe('detach');
    session.dispose();
    expect(made[0]?.calls.at(-1)).toBe('destroy');
  });
});
