/**
 * The label numbers of the automatic anatomy's label volume (issue 31 §1) that the landmark proposals
 * read. They are the same numbers as the test-only anatomy phantom's `LABEL` (a test checks it), but
 * defined here because shipped code must not import the phantom.
 */
export const ANATOMY_LABEL = {
  lvCavity: 1,
  /** Aortic root (annulus to sinotubular junction, sinuses included) and the LVOT below the annulus. */
  aorticRoot: 2,
  /** Ascending aorta above the STJ, arch and descending aorta. */
  aorta: 3,
  /** Left atrium with the pulmonary-vein stumps and the LAA neck up to the ostium plane. */
  leftAtrium: 4,
  /** Left atrial appendage beyond its ostium plane. */
  laa: 5,
  calcium: 8,
} as const;
