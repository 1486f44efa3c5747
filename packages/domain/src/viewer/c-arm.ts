/**
 * C-arm angulation ↔ viewing direction, in patient coordinates (DICOM LPS: +x patient's left,
 * +y posterior, +z head), for a supine patient.
 *
 * The angles are those a cath-lab C-arm reports: the primary angle rotates the detector about the
 * patient's long axis (LAO positive: detector toward the patient's left; RAO negative), the secondary
 * angle then tilts it toward the head (cranial positive) or the feet (caudal negative). AP (0, 0) puts
 * the detector anterior of the patient: the image is seen from the front, head up, patient's left on
 * the right of the screen, as on the cath-lab monitor.
 */

export type CArmVector = [number, number, number];

export interface CArmAngles {
  /** Degrees, LAO positive, RAO negative, within −180…180. */
  laoRao: number;
  /** Degrees, cranial positive, caudal negative, within −90…90. */
  cranCaud: number;
}

export interface CArmView {
  /** Unit vector from the patient (isocentre) toward the detector: where the viewer's eye is. */
  direction: CArmVector;
  /** Unit vector that points up on the screen, perpendicular to `direction`. */
  up: CArmVector;
}

const RAD = Math.PI / 180;

export function cArmViewDirection(laoRao: number, cranCaud: number): CArmView {
  const a = laoRao * RAD;
  const c = cranCaud * RAD;
  const [sa, ca, sc, cc] = [Math.sin(a), Math.cos(a), Math.sin(c), Math.cos(c)];
  return {
    direction: [sa * cc, -ca * cc, sc],
    // The derivative of `direction` along the cranial angle: the head end of the image stays up.
    up: [-sa * sc, ca * sc, cc],
  };
}

/**
 * The angulation a C-arm needs to look along `direction` (patient → detector), rounded to whole
 * degrees as a C-arm displays it. Straight above the head or below the feet LAO/RAO is undefined: 0.
 */
export function cArmAnglesFromDirection(direction: Readonly<CArmVector>): CArmAngles {
  const [x, y, z] = direction;
  const length = Math.hypot(x, y, z);
  if (length === 0) return { laoRao: 0, cranCaud: 0 };
  const horizontal = Math.hypot(x, y);
  const laoRao = horizontal < 1e-9 * length ? 0 : Math.atan2(x, -y) / RAD;
  const cranCaud = Math.asin(Math.max(-1, Math.min(1, z / length))) / RAD;
  return { laoRao: Math.round(laoRao) + 0, cranCaud: Math.round(cranCaud) + 0 };
}

/** "LAO 5° CAU 15°": the label cardiologists read. */
export function formatCArmAngles({ laoRao, cranCaud }: CArmAngles): string {
  const primary = laoRao === 0 ? 'AP' : `${laoRao > 0 ? 'LAO' : 'RAO'} ${Math.abs(laoRao)}°`;
  const secondary = cranCaud === 0 ? '' : ` ${cranCaud > 0 ? 'CRA' : 'CAU'} ${Math.abs(cranCaud)}°`;
  return primary + secondary;
}

/**
 * Camera presets of the 3D scene (spec §2 "predefined TAVI and LAAO views").
 * TAVI: LAO 5° CAU 15°, the centre of the range where the three aortic cusps usually line up
 * (the coplanar implantation view is typically LAO 0–10°, CAU 10–20°); the analyst refines it per
 * patient with "Align to C-arm". LAAO: RAO 30° CAU 20°, the standard view in which the left atrial
 * appendage ostium and its landing zone are seen side on.
 */
export const C_ARM_PRESETS = {
  tavi: { laoRao: 5, cranCaud: -15 },
  laao: { laoRao: -30, cranCaud: -20 },
} as const satisfies Record<string, CArmAngles>;
export type CArmPreset = keyof typeof C_ARM_PRESETS;
