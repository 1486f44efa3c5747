import { type LeftHeartSegmentation, segmentLeftHeart } from '../../../src/imaging/anatomy/index.ts';
import type { AnatomyPhantom } from '../../../src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';
import { dice, maskedVolumeByLabelMl, maskOfLabels } from '../../../src/imaging/testing/anatomy-phantom/score/index.ts';

/** Our labels 1–5 are the phantom's 1–5 (LV, root + LVOT, aorta, LA, LAA). */
export const LEFT_HEART = [1, 2, 3, 4, 5];
const BONE = 9;
const RIGHT_HEART = 6;
const PULMONARY_ARTERY = 11;

export interface Scored {
  result: LeftHeartSegmentation;
  union: number;
  root: number;
  lv: number;
  aorta: number;
  la: number;
  /** ml of bone, right heart and pulmonary artery labelled as left heart. */
  wrongMl: { bone: number; rightHeart: number; pulmonaryArtery: number };
}

export function segmentAndScore(p: AnatomyPhantom): Scored {
  const result = segmentLeftHeart({
    header: { dimensions: p.dims, spacing: p.spacing, origin: p.origin, direction: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
    hu: p.hu,
  });
  const d = (label: number) => dice(maskOfLabels(result.labels, [label]), maskOfLabels(p.labels, [label]));
  const union = maskOfLabels(result.labels, LEFT_HEART);
  const inside = maskedVolumeByLabelMl(union, p.labels, p.spacing);
  return {
    result,
    union: dice(union, maskOfLabels(p.labels, LEFT_HEART)),
    lv: d(1),
    root: d(2),
    aorta: d(3),
    la: d(4),
    wrongMl: { bone: inside[BONE]!, rightHeart: inside[RIGHT_HEART]!, pulmonaryArtery: inside[PULMONARY_ARTERY]! },
  };
}
