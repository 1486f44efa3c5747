/**
 * The seeded variant of the anatomy phantom: every number that shapes one phantom, drawn from the ranges
 * issue 31 asks the automatic anatomy to cope with. Same seed, same variant.
 */
import { Rng } from './random.ts';

export type LaaMorphology = 'chicken-wing' | 'windsock' | 'cactus' | 'cauliflower';
export const LAA_MORPHOLOGIES: readonly LaaMorphology[] = ['chicken-wing', 'windsock', 'cactus', 'cauliflower'];

export interface CalciumNodule {
  /** Index of the cusp (0 right, 1 left, 2 non-coronary) whose hinge it sits near. */
  cusp: number;
  /** Angular offset from the cusp centre (degrees). */
  offsetDeg: number;
  /** Radius (mm) and HU of the spherical nodule. */
  radius: number;
  hu: number;
  /** Height of its centre above the annulus plane beyond its radius (mm). */
  lift: number;
}

export interface AnatomyVariant {
  seed: number;
  /** Perimeter-derived annulus diameter (mm), 19–31. */
  annulusDiameter: number;
  /** Minimum over maximum annulus diameter, 0.70–0.95. */
  annulusRatio: number;
  /** Direction of the annulus major axis within its plane (degrees). */
  annulusRotationDeg: number;
  /** Angle between the annulus normal and the patient's head–foot axis (degrees), 30–60. */
  tiltDeg: number;
  /** Direction of that tilt in the axial plane, from patient right towards anterior (degrees). */
  tiltAzimuthDeg: number;
  /** Rotation of the three cusps about the root axis (degrees). */
  cuspRotationDeg: number;
  /** Sinotubular junction height above the annulus (mm) and its diameter over the annulus diameter. */
  stjHeight: number;
  stjRatio: number;
  /** How far each sinus bulges out at mid-height (mm). */
  sinusBulge: number;
  /** LVOT radius 12 mm below the annulus, relative to the annulus. */
  lvotTaper: number;
  /** Ascending aorta diameter over the STJ diameter; arch rise above the ascending (mm). */
  ascendingRatio: number;
  archRise: number;
  leftOstiumHeight: number;
  rightOstiumHeight: number;
  lvLength: number;
  lvRadius: number;
  myocardiumThickness: number;
  /** Wall between the root and the atria / pulmonary artery (mm), 2.5–3. */
  wallThickness: number;
  /** Left-heart blood HU (250–550), right heart 110–200, myocardium. */
  contrastHU: number;
  rightHeartHU: number;
  myocardiumHU: number;
  corticalBoneHU: number;
  /** Image noise σ (HU), 15–45, and the scanner's blur σ (mm). */
  noiseHU: number;
  blurMm: number;
  /** Gap between the descending aorta and the vertebral bodies (mm); < 1 when `boneTouchingAorta`. */
  boneTouchingAorta: boolean;
  spineGap: number;
  /** The scan starts below the arch: ascending and descending aorta appear as two separate circles. */
  archCutOff: boolean;
  laaMorphology: LaaMorphology;
  laaOstiumMax: number;
  laaOstiumRatio: number;
  laaNeck: number;
  /** LAA poorly filled: its HU falls from the LA's at the ostium to `laaTipHU` at the tip. */
  laaPoorlyFilled: boolean;
  laaTipHU: number;
  /** Shape numbers of the LAA lobes (0..1 each), so one morphology still varies. */
  laaShape: number[];
  calcium: CalciumNodule[];
  /** Grid: in-plane pixel spacing (mm) and slice spacing (mm). */
  pixelSpacing: number;
  sliceSpacing: number;
}

export function anatomyVariant(seed: number): AnatomyVariant {
  const r = new Rng(seed * 2654435761 + 17);
  const stjHeight = r.uniform(17, 25);
  const calciumCount = Math.floor(r.uniform(0, 7));
  const boneTouchingAorta = r.chance(0.3);
  return {
    seed,
    annulusDiameter: r.uniform(19, 31),
    annulusRatio: r.uniform(0.7, 0.95),
    annulusRotationDeg: r.uniform(0, 180),
    tiltDeg: r.uniform(30, 60),
    tiltAzimuthDeg: r.uniform(20, 60),
    cuspRotationDeg: r.uniform(-12, 12),
    stjHeight,
    stjRatio: r.uniform(0.95, 1.15),
    sinusBulge: r.uniform(2.5, 5.5),
    lvotTaper: r.uniform(0.85, 1),
    ascendingRatio: r.uniform(1, 1.25),
    archRise: r.uniform(25, 40),
    leftOstiumHeight: r.uniform(9, Math.min(17, stjHeight - 4)),
    rightOstiumHeight: r.uniform(9, Math.min(17, stjHeight - 4)),
    lvLength: r.uniform(38, 46),
    lvRadius: r.uniform(20, 26),
    myocardiumThickness: r.uniform(9, 12),
    wallThickness: r.uniform(2.5, 3),
    contrastHU: r.uniform(250, 550),
    rightHeartHU: r.uniform(110, 200),
    myocardiumHU: r.uniform(80, 130),
    corticalBoneHU: r.uniform(700, 1100),
    noiseHU: r.uniform(15, 45),
    blurMm: r.uniform(0.4, 0.9),
    boneTouchingAorta,
    spineGap: boneTouchingAorta ? r.uniform(0, 0.8) : r.uniform(4, 12),
    archCutOff: r.chance(0.25),
    laaMorphology: r.pick(LAA_MORPHOLOGIES),
    laaOstiumMax: r.uniform(17, 30),
    laaOstiumRatio: r.uniform(0.6, 0.9),
    laaNeck: r.uniform(8, 12),
    laaPoorlyFilled: r.chance(0.3),
    laaTipHU: r.uniform(40, 150),
    laaShape: [r.next(), r.next(), r.next(), r.next()],
    calcium: Array.from({ length: calciumCount }, (_, i) => ({
      cusp: i % 3,
      offsetDeg: r.uniform(-35, 35) + (i >= 3 ? 40 : 0),
      radius: r.uniform(1, 2.5),
      hu: r.uniform(700, 1300),
      lift: r.uniform(0.5, 4),
    })),
    pixelSpacing: r.uniform(0.7, 0.8),
    sliceSpacing: r.uniform(0.75, 1),
  };
}
