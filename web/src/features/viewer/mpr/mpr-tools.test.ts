import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMprTools } from './mpr-tools.ts';

/** Cornerstone's tool groups, stood in for by one that records what each tool is bound to. */
const groups = vi.hoisted(() => new Map<string, FakeGroup>());
interface FakeGroup {
  viewports: string[];
  tools: Map<string, { state: 'passive' | 'active' | 'enabled'; bindings: unknown[] }>;
  crosshairsReset: number;
}

vi.mock('@cornerstonejs/tools', () => {
  const tool = (toolName: string) => ({ toolName });
  const group = (): FakeGroup & Record<string, unknown> => {
    const made: FakeGroup & Record<string, unknown> = {
      viewports: [],
      tools: new Map(),
      crosshairsReset: 0,
      addTool: (name: string) => made.tools.set(name, { state: 'passive', bindings: [] }),
      addViewport: (pane: string, engineId: string) => made.viewports.push(`${engineId}/${pane}`),
      setToolPassive: (name: string) => made.tools.set(name, { state: 'passive', bindings: [] }),
      setToolActive: (name: string, { bindings }: { bindings: unknown[] }) => {
        const current = made.tools.get(name);
        made.tools.set(name, { state: 'active', bindings: [...(current?.bindings ?? []), ...bindings] });
      },
      setToolEnabled: (name: string) => made.tools.set(name, { state: 'enabled', bindings: [] }),
      getToolInstance: (name: string) =>
        name === 'Crosshairs' ? { resetCrosshairs: () => made.crosshairsReset++ } : undefined,
    };
    return made;
  };
  return {
    CrosshairsTool: tool('Crosshairs'),
    PanTool: tool('Pan'),
    StackScrollTool: tool('StackScroll'),
    WindowLevelTool: tool('WindowLevel'),
    ZoomTool: tool('Zoom'),
    Enums: {
      MouseBindings: { Primary: 1, Secondary: 2, Auxiliary: 4, Wheel: 524288 },
      KeyboardBindings: { Ctrl: 17 },
    },
    ToolGroupManager: {
      createToolGroup: (id: string) => {
        if (groups.has(id)) return undefined;
        const made = group();
        groups.set(id, made);
        return made;
      },
      destroyToolGroup: (id: string) => groups.delete(id),
    },
  };
});

const PRIMARY = { mouseButton: 1 };
const bound = (group: FakeGroup) =>
  Object.fromEntries([...group.tools].map(([name, { state, bindings }]) => [name, { state, bindings }]));

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

beforeEach(() => groups.clear());

describe('MPR tools', () => {
  it('binds the three panes of the rendering engine, the left button to the crosshairs at first', () => {
    createMprTools('engine-1', 'crosshairs');
    const group = groups.get('engine-1-tools') as FakeGroup;
    expect([...group.viewports].sort()).toEqual(['engine-1/axial', 'engine-1/coronal', 'engine-1/sagittal']);
    expect(bound(group)).toEqual({
      StackScroll: { state: 'active', bindings: [{ mouseButton: 524288 }] },
      Pan: { state: 'active', bindings: [{ mouseButton: 4 }, { mouseButton: 1, modifierKey: 17 }] },
      Zoom: { state: 'active', bindings: [{ mouseButton: 2 }] },
      WindowLevel: { state: 'passive', bindings: [] },
      Crosshairs: { state: 'active', bindings: [PRIMARY] },
    });
  });

  it('gives the left button to the chosen tool; the crosshairs stay drawn, the other buttons keep theirs', () => {
    const tools = createMprTools('engine-1', 'crosshairs');
    const group = groups.get('engine-1-tools') as FakeGroup;
    tools.setMode('windowLevel');
    expect(bound(group).WindowLevel).toEqual({ state: 'active', bindings: [PRIMARY] });
    expect(bound(group).Crosshairs).toEqual({ state: 'enabled', bindings: [] });
    tools.setMode('zoom');
    // Set from scratch: the window/level tool lost the left button, zoom got it beside the right one.
    expect(bound(group).WindowLevel).toEqual({ state: 'passive', bindings: [] });
    expect(bound(group).Zoom).toEqual({ state: 'active', bindings: [{ mouseButton: 2 }, PRIMARY] });
    expect(bound(group).StackScroll?.bindings).toEqual([{ mouseButton: 524288 }]);
  });

  it('takes the left button from the crosshairs while landmark points are placed, and gives it back', () => {
    const tools = createMprTools('engine-4', 'crosshairs');
    const group = groups.get('engine-4-tools') as FakeGroup;
    tools.setPlacing(true);
    // Still drawn, but a press no longer jumps them (which moved the other panes' slices).
    expect(bound(group).Crosshairs).toEqual({ state: 'enabled', bindings: [] });
    expect(Object.values(bound(group)).some((tool) => tool.bindings.some((b) => equal(b, PRIMARY)))).toBe(false);
    tools.setMode('pan');
    expect(bound(group).Pan?.bindings).toContainEqual(PRIMARY);
    tools.setMode('crosshairs');
    expect(bound(group).Crosshairs).toEqual({ state: 'enabled', bindings: [] });
    tools.setPlacing(false);
    expect(bound(group).Crosshairs).toEqual({ state: 'active', bindings: [PRIMARY] });
    // A new tool group (a re-attach) mid-placing starts without the crosshairs on the left button.
    createMprTools('engine-5', 'crosshairs', true);
    expect(bound(groups.get('engine-5-tools') as FakeGroup).Crosshairs).toEqual({ state: 'enabled', bindings: [] });
  });

  it('resets the crosshairs, and does nothing once destroyed (the group is gone)', () => {
    const tools = createMprTools('engine-2', 'pan');
    const group = groups.get('engine-2-tools') as FakeGroup;
    tools.resetCrosshairs();
    expect(group.crosshairsReset).toBe(1);
    tools.destroy();
    expect(groups.has('engine-2-tools')).toBe(false);
    tools.resetCrosshairs();
    tools.setMode('zoom');
    expect(group.crosshairsReset).toBe(1);
    // A new rendering engine after a re-attach gets a group of its own.
    createMprTools('engine-3', 'pan');
    expect(groups.has('engine-3-tools')).toBe(true);
  });
});
