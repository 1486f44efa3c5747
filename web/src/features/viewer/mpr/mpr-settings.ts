import { DEFAULT_VOLUME_LEVELS, type VolumeLevels } from '@cardiomap/domain';

/** Spec §9 viewer constants. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 50;
export const PIXEL_RATIO_CAP = 2;

/** What the panes show where a slice has not arrived yet. */
export const AIR_HU = -1024;

export type PaneId = 'axial' | 'coronal' | 'sagittal';
export const PANE_IDS: readonly PaneId[] = ['coronal', 'sagittal', 'axial'];

/** Spec §3 landmark view types: 4 sagittal green, 5 coronal orange, 6 axial red. */
export const PANE_COLORS: Readonly<Record<PaneId, string>> = {
  sagittal: 'rgb(0, 200, 0)',
  coronal: 'rgb(255, 150, 0)',
  axial: 'rgb(230, 30, 30)',
};

export const PANE_TITLES: Readonly<Record<PaneId, string>> = {
  axial: 'Axial',
  coronal: 'Coronal',
  sagittal: 'Sagittal',
};

export interface WindowPreset extends VolumeLevels {
  id: string;
  label: string;
}

export const WINDOW_PRESETS: readonly WindowPreset[] = [
  { id: 'cta', label: 'CTA', windowCenter: 230, windowWidth: 1075 },
  { id: 'soft-tissue', label: 'Soft tissue', windowCenter: 40, windowWidth: 400 },
  { id: 'bone', label: 'Bone', windowCenter: 500, windowWidth: 2000 },
  { id: 'lung', label: 'Lung', windowCenter: -600, windowWidth: 1500 },
];

export function findPreset(id: string): WindowPreset | undefined {
  return WINDOW_PRESETS.find((preset) => preset.id === id);
}

/** Spec §9: 230/1075 when the resource carries no usable levels. */
export function levelsOrDefault(levels: Partial<VolumeLevels> | null | undefined): VolumeLevels {
  const { windowCenter, windowWidth } = levels ?? {};
  if (Number.isFinite(windowCenter) && Number.isFinite(windowWidth) && (windowWidth as number) > 0) {
    return { windowCenter: windowCenter as number, windowWidth: windowWidth as number };
  }
  return { ...DEFAULT_VOLUME_LEVELS };
}

/** The displayed HU range of a window: what Cornerstone calls a VOI range. */
export function levelsToRange({ windowCenter, windowWidth }: VolumeLevels): { lower: number; upper: number } {
  return { lower: windowCenter - windowWidth / 2, upper: windowCenter + windowWidth / 2 };
}

export function rangeToLevels({ lower, upper }: { lower: number; upper: number }): VolumeLevels {
  return { windowCenter: (lower + upper) / 2, windowWidth: Math.max(1, upper - lower) };
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM_MIN;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** Spec §9: 0 nearest neighbour, 1 linear (the irregular-spacing case needs smoothing across slices). */
export type InterpolationType = 0 | 1;
