import type { Landmark } from '@cardiomap/contract';

/**
 * Spec §4: outside edit mode only published landmarks stay enabled; in edit mode every landmark the
 * server returned is shown so it can be worked on. A landmark the user hid stays hidden either way.
 */
export const isLandmarkShown = (
  landmark: Pick<Landmark, 'id' | 'isPublished'>,
  view: { editMode: boolean; hiddenIds: ReadonlySet<string> },
): boolean => (view.editMode || landmark.isPublished) && !view.hiddenIds.has(landmark.id);

/** Landmarks listed in the panel: all of them in edit mode, else the published ones. */
export const listedLandmarks = <L extends Pick<Landmark, 'isPublished'>>(landmarks: L[], editMode: boolean): L[] =>
  editMode ? landmarks : landmarks.filter((landmark) => landmark.isPublished);

/** Measurements come in mm, mm² and degrees (contract); the name says which. */
export function measurementUnit(name: string): string {
  const lower = name.toLowerCase();
  if (lower.includes('angle')) return '°';
  if (lower.includes('diameter') || lower.includes('length') || lower.includes('perimeter')) return 'mm';
  if (lower.includes('area')) return 'mm²';
  return 'mm';
}

/** 'minDiameter' → 'Min diameter'. */
export const measurementLabel = (name: string): string => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const formatMeasurement = (name: string, value: number): string => {
  const unit = measurementUnit(name);
  return `${value.toFixed(unit === '°' ? 1 : 2)}${unit === '°' ? '°' : ` ${unit}`}`;
};
