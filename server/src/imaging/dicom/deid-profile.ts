/**
 * What the de-identifier does with each attribute: every row of PS3.15 Annex E Table E.1-1 (Basic
 * Application Level Confidentiality Profile), generated from the standard's own data with the action
 * chosen for the CT Image IOD (deid-profile-table.ts), plus this project's few overrides; an attribute the
 * table does not name is kept only when it is on the safe list (deid-safe-list.ts) and removed otherwise,
 * so a new or unknown attribute is dropped, not leaked. Lookups are one Map and one Set per element, the
 * three masked rows ((50xx,xxxx), (60xx,3000), (60xx,4000)) checked by group mask only on a miss.
 */
import { DEID_PROFILE_ROWS, PRIVATE_ATTRIBUTES_ACTION, type ProfileCode } from './deid-profile-table.ts';
import { SAFE_TAGS } from './deid-safe-list.ts';

export type ProfileAction =
  /** Remove. */
  | 'X'
  /** Keep the element with an empty value (a sequence: no items). */
  | 'Z'
  /** Replace a non-empty value by a dummy of its VR (dummyValue); a sequence keeps its items, vetted. */
  | 'D'
  /** Replace every UID in the value by the case's remapped UID. */
  | 'U'
  /** Keep (a sequence: its items vetted by the same rules). */
  | 'K'
  /** Replace by the pseudonym (patient name and ID). */
  | 'pseudonym';

/**
 * Where this project departs from the table's choice, and why:
 * - Patient's Name (Z) and Patient ID (Z/D) carry the case's pseudonym, so a file read outside CardioMap
 *   still names its case (the pseudonym is not derived from the patient).
 * - Contrast/Bolus Agent (Z/D; Z is the choice for type 2): "was contrast given" is clinically needed to
 *   read a CTA; the dummy CONTRAST keeps that fact and none of the product's free text.
 */
const OVERRIDES = new Map<number, ProfileAction>([
  [0x00100010, 'pseudonym'],
  [0x00100020, 'pseudonym'],
  [0x00180010, 'D'],
]);

/** Dummy values where one is chosen on purpose; other D attributes get the VR's generic dummy. */
export const DUMMY_VALUES = new Map([[0x00180010, 'CONTRAST']]);

/**
 * Text dummies per VR: valid for the VR (PS3.5 §6.2), non-empty, naming no one. Binary VRs get one zero
 * value (dummyValue).
 */
const DUMMY_TEXT: Record<string, string> = {
  AE: 'ANONYMOUS',
  AS: '000Y',
  CS: 'ANONYMOUS',
  DA: '19000101',
  DT: '19000101000000',
  TM: '000000',
  DS: '0',
  IS: '0',
  LO: 'ANONYMOUS',
  LT: 'ANONYMOUS',
  PN: 'ANONYMOUS',
  SH: 'ANONYMOUS',
  ST: 'ANONYMOUS',
  UC: 'ANONYMOUS',
  UR: 'ANONYMOUS',
  UT: 'ANONYMOUS',
};

/** Bytes of one value of each binary VR, for a zero dummy (OB and UN: two bytes, the even length). */
const BINARY_UNIT: Record<string, number> = {
  AT: 4,
  FD: 8,
  FL: 4,
  OB: 2,
  OD: 8,
  OF: 4,
  OL: 4,
  OV: 8,
  OW: 2,
  SL: 4,
  SS: 2,
  SV: 8,
  UL: 4,
  UN: 2,
  US: 2,
  UV: 8,
};

/** The dummy replacing a D attribute's value: text (UI is remapped by the writer instead) or zero bytes. */
export function dummyValue(tag: number, vr: string): string | Uint8Array {
  const special = DUMMY_VALUES.get(tag);
  if (special !== undefined) return special;
  const text = DUMMY_TEXT[vr];
  return text ?? new Uint8Array(BINARY_UNIT[vr] ?? 2);
}

const TABLE = new Map<number, ProfileAction>();
const MASKED: { mask: number; value: number; action: ProfileAction }[] = [];
for (const [id, , chosen] of DEID_PROFILE_ROWS) {
  if (id.includes('x')) {
    const mask = Number.parseInt(id.replace(/[0-9a-f]/g, 'f').replace(/x/g, '0'), 16);
    MASKED.push({ mask, value: Number.parseInt(id.replace(/x/g, '0'), 16), action: chosen });
  } else TABLE.set(Number.parseInt(id, 16), chosen satisfies ProfileCode);
}
for (const [tag, action] of OVERRIDES) TABLE.set(tag, action);

/** UIDs that name a class or a scheme, not an instance: never remapped whatever their root. */
export const CLASS_UID_TAGS = new Set([
  0x00020002, // Media Storage SOP Class UID
  0x00020010, // Transfer Syntax UID
  0x00041510, // Referenced SOP Class UID in File
  0x0004151a, // Referenced Related General SOP Class UID in File
  0x00080016, // SOP Class UID
  0x0008010c, // Coding Scheme UID
  0x00080117, // Context UID
  0x00080118, // Mapping Resource UID
  0x00081150, // Referenced SOP Class UID
  0x0008001a, // Related General SOP Class UID
  0x0008001b, // Original Specialized SOP Class UID
  0x00400e00, // HL7 Instance Identifier
]);

export const WELL_KNOWN_UID_ROOT = '1.2.840.10008.';

/**
 * The action for `tag` wherever it occurs (top level or inside a sequence's items). Private attributes
 * and group lengths (recomputed or obsolete) go; then the table's row, then the safe list, else remove.
 */
export function profileAction(tag: number): ProfileAction {
  const group = tag >>> 16;
  if (group % 2 === 1) return PRIVATE_ATTRIBUTES_ACTION;
  if ((tag & 0xffff) === 0) return 'X';
  const row = TABLE.get(tag);
  if (row !== undefined) return row;
  for (const m of MASKED) if ((tag & m.mask) >>> 0 === m.value) return m.action;
  return SAFE_TAGS.has(tag) ? 'K' : 'X';
}
