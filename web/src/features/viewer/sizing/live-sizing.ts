import type { Landmark } from '@cardiomap/contract';
import {
  type CaseDeviceSizing,
  landmarkPointsProblem,
  measureLandmark,
  SIZE_CHARTS,
  type SizedLandmark,
  sizeCaseDevices,
} from '@cardiomap/domain';
import type { LandmarkDraft } from '../landmarks/landmark-edit-controller.ts';

export interface NamedSizing extends CaseDeviceSizing {
  deviceName: string;
}

/**
 * The sizing of the ordered devices as the analyst sees it now: a landmark being drawn or moved is
 * measured from its draft points (the same rule the server applies on save), so the table follows the
 * drag; otherwise the saved landmarks, published ones first (what the report will show).
 */
export function liveSizing(
  devices: readonly { id: string; name: string }[],
  landmarks: readonly Landmark[],
  draft: LandmarkDraft | null,
): NamedSizing[] {
  const sized: SizedLandmark[] = [];
  // A draft is measured once it has the points its geometry needs: the first click of a closed curve
  // cannot be measured yet (measureLandmark refuses it), and the saved landmarks stand meanwhile.
  if (draft?.landmarkTypeId && landmarkPointsProblem(draft.geometryType, draft.points) === null) {
    sized.push({
      id: draft.landmarkId ?? 'draft',
      landmarkTypeId: draft.landmarkTypeId,
      measurements: measureLandmark(draft.geometryType, draft.points),
    });
  }
  const ordered = [...landmarks].sort((a, b) => Number(b.isPublished) - Number(a.isPublished));
  for (const landmark of ordered) sized.push(landmark);
  const names = new Map(devices.map((device) => [device.id, device.name]));
  return sizeCaseDevices(
    devices.map((device) => device.id),
    sized,
    SIZE_CHARTS,
  ).map((sizing) => ({ ...sizing, deviceName: names.get(sizing.deviceId) ?? '' }));
}
