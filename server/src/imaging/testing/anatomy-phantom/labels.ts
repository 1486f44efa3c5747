/**
 * The label table of the anatomy phantom's label volume. Every voxel holds exactly one label: the
 * structure that owns the voxel's centre (overlaps are settled by `PRIORITY`, highest wins).
 */
export const LABEL = {
  background: 0,
  lvCavity: 1,
  /** Aortic root (annulus to sinotubular junction, sinuses included) and the LVOT below the annulus. */
  aorticRoot: 2,
  /** Ascending aorta above the STJ, arch and descending aorta. */
  aorta: 3,
  /** Left atrium with the pulmonary-vein stumps and the LAA neck up to the ostium plane. */
  leftAtrium: 4,
  /** Left atrial appendage beyond its ostium plane. */
  laa: 5,
  /** Right atrium, right ventricle and the superior vena cava. */
  rightHeart: 6,
  lvMyocardium: 7,
  calcium: 8,
  bone: 9,
  coronary: 10,
  pulmonaryArtery: 11,
  /** Body wall, mediastinal fat and the walls between the cardiac blood pools. */
  softTissue: 12,
  lung: 13,
} as const;

export type Label = (typeof LABEL)[keyof typeof LABEL];

export const LABEL_NAMES: Record<Label, string> = {
  0: 'background (air)',
  1: 'LV cavity',
  2: 'aortic root + LVOT',
  3: 'ascending aorta, arch, descending aorta',
  4: 'left atrium (+ pulmonary veins, LAA neck)',
  5: 'left atrial appendage',
  6: 'right heart (RA, RV, SVC)',
  7: 'LV myocardium',
  8: 'calcium',
  9: 'bone',
  10: 'coronary arteries',
  11: 'pulmonary artery',
  12: 'soft tissue',
  13: 'lung',
};

/** Which structure owns a voxel where several contain its centre (higher wins). */
export const PRIORITY: Record<Label, number> = {
  8: 100,
  2: 90,
  5: 85,
  10: 68,
  3: 75,
  1: 70,
  4: 65,
  11: 60,
  7: 58,
  6: 55,
  9: 45,
  12: 20,
  13: 10,
  0: 0,
};
