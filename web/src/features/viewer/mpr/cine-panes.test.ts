import { describe, expect, it, vi } from 'vitest';
import { cineDepsOf, cinePaneOf } from './cine-panes.ts';
import type { MprEngine } from './mpr-engine.ts';
import type { PaneId } from './mpr-settings.ts';

describe('cine over the MPR engine', () => {
  it('draws inside Cornerstone’s viewport element, along the viewport’s plane', () => {
    const element = document.createElement('div');
    const inner = document.createElement('div');
    inner.className = 'viewport-element';
    element.append(inner);
    vi.spyOn(element, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(element, 'clientHeight', 'get').mockReturnValue(200);
    const pane = cinePaneOf({ canvasToWorld: ([x, y]) => [x, y, 7] }, element);
    expect(pane).toMatchObject({ host: inner, width: 300, height: 200 });
    expect(pane?.toWorld([1, 2])).toEqual([1, 2, 7]);
    vi.spyOn(element, 'clientWidth', 'get').mockReturnValue(0);
    expect(cinePaneOf({ canvasToWorld: () => [0, 0, 0] }, element)).toBeNull();
  });

  it('hears a pane redraw and a change of levels, not other snapshot changes', () => {
    let rendered: (pane: PaneId) => void = () => undefined;
    let changed: () => void = () => undefined;
    let snapshot = { levels: { windowCenter: 40, windowWidth: 400 }, pointer: null as unknown };
    const engine = {
      cinePane: () => null,
      getSnapshot: () => snapshot,
      subscribe: (listener: () => void) => {
        changed = listener;
        return () => undefined;
      },
      onPaneRendered: (listener: (pane: PaneId) => void) => {
        rendered = listener;
        return () => undefined;
      },
    } as unknown as MprEngine;
    const listener = vi.fn();
    cineDepsOf(engine).onViewChange(listener);
    snapshot = { ...snapshot, pointer: { pane: 'axial' } };
    changed();
    expect(listener).not.toHaveBeenCalled();
    rendered('axial');
    expect(listener).toHaveBeenCalledTimes(1);
    snapshot = { ...snapshot, levels: { windowCenter: 300, windowWidth: 600 } };
    changed();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
