import { render } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewerSessionContext } from '../session/viewer-session-context.ts';
import { closeViewerSessions, viewerSession } from '../session/viewer-sessions.ts';
import { STUDY_ID } from '../testing/viewer-fixtures.ts';
import type { SceneEngine } from './scene-engine.ts';
import { fakeRenderer } from './testing/fake-renderer.ts';
import { useSceneEngine } from './use-scene-engine.ts';

const OTHER_STUDY = '00000000-0000-4000-8000-00000000beef';

// The real engine, counted as it is made and destroyed; happy-dom has no WebGL.
const made = vi.hoisted(() => [] as { engine: SceneEngine; destroyed: boolean }[]);
vi.mock('./scene-engine.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./scene-engine.ts')>();
  class CountedSceneEngine extends actual.SceneEngine {
    constructor(...args: ConstructorParameters<typeof actual.SceneEngine>) {
      super(...args);
      made.push({ engine: this, destroyed: false });
    }
    override destroy() {
      const record = made.find(({ engine }) => engine === this);
      if (record) record.destroyed = true;
      super.destroy();
    }
  }
  return { ...actual, SceneEngine: CountedSceneEngine };
});
vi.mock('./scene-renderer.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./scene-renderer.ts')>()),
  createWebGLRenderer: () => fakeRenderer(),
}));

/** Records each engine the hook handed over, as SceneViewport uses it. */
function Viewport({ seen }: { seen: (SceneEngine | null)[] }) {
  const engine = useSceneEngine();
  useEffect(() => {
    seen.push(engine);
  }, [seen, engine]);
  return null;
}

function renderViewport(studyId: string, seen: (SceneEngine | null)[] = []) {
  return render(
    <StrictMode>
      <ViewerSessionContext value={viewerSession(studyId)}>
        <Viewport seen={seen} />
      </ViewerSessionContext>
    </StrictMode>,
  );
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  closeViewerSessions();
  made.length = 0;
});

describe('useSceneEngine', () => {
  it("leases the session's engine: StrictMode's remount keeps it, the last unmount destroys it", async () => {
    const session = viewerSession(STUDY_ID);
    const seen: (SceneEngine | null)[] = [];
    const view = renderViewport(STUDY_ID, seen);
    await nextTurn();
    expect(made).toHaveLength(1);
    expect(made[0]?.destroyed).toBe(false);
    expect(session.getSnapshot().sceneEngine).toBe(made[0]?.engine);
    expect(seen.at(-1)).toBe(made[0]?.engine);
    view.unmount();
    await vi.waitFor(() => expect(made[0]?.destroyed).toBe(true));
    expect(session.getSnapshot().sceneEngine).toBeNull();
  });

  it('gives a second study its own engine, which outlives the first', async () => {
    const first = renderViewport(STUDY_ID);
    renderViewport(OTHER_STUDY);
    await nextTurn();
    expect(made).toHaveLength(2);
    expect(viewerSession(OTHER_STUDY).getSnapshot().sceneEngine).not.toBe(
      viewerSession(STUDY_ID).getSnapshot().sceneEngine,
    );
    first.unmount();
    await vi.waitFor(() => expect(made[0]?.destroyed).toBe(true));
    expect(made[1]?.destroyed).toBe(false);
    expect(viewerSession(OTHER_STUDY).getSnapshot().sceneEngine).toBe(made[1]?.engine);
  });
});
