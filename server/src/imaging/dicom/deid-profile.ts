/**
 * What PS3.15 Annex E Table E.1-1 (Basic Application Level Confidentiality Profile, no options) does to
 * each attribute that identifies someone. Where the table offers a choice (X/Z, Z/D …) we take the
 * strongest one the IOD tolerates: remove (X) when the attribute is optional, empty (Z) when it is
 * type 2 in CT. UIDs (U) are handled by VR in the writer; private groups, overlays, curves and group
 * lengths by group.
 */

export type ProfileAction =
  /** Remove. */
  | 'X'
  /** Keep the element with an empty value. */
  | 'Z'
  /** Replace by the pseudonym (patient name and ID). */
  | 'pseudonym'
  /** Replace a non-empty value by DUMMY_VALUES[tag]: the fact is kept, the free text is not. */
  | 'dummy';

const Z = [
  0x00080020, // Study Date
  0x00080023, // Content Date
  0x00080030, // Study Time
  0x00080033, // Content Time
  0x00080050, // Accession Number
  0x00080090, // Referring Physician's Name
  0x00100030, // Patient's Birth Date
  0x00100040, // Patient's Sex
  0x00200010, // Study ID
  0x00700084, // Content Creator's Name
];

const X = [
  // General study, series, equipment and instance dates, times, people and places.
  0x00080012, 0x00080013, 0x00080015, 0x00080021, 0x00080022, 0x00080024, 0x00080025, 0x0008002a, 0x00080031,
  0x00080032, 0x00080034, 0x00080035, 0x00080080, 0x00080081, 0x00080082, 0x00080092, 0x00080094, 0x00080096,
  0x0008009c, 0x0008009d, 0x00080201, 0x00081010, 0x00081030, 0x0008103e, 0x00081040, 0x00081041, 0x00081048,
  0x00081049, 0x00081050, 0x00081052, 0x00081060, 0x00081062, 0x00081070, 0x00081072, 0x00081080, 0x00081084,
  0x00081110, 0x00081111, 0x00081120, 0x00082111, 0x00084000,
  // Patient.
  0x00100021, 0x00100024, 0x00100032, 0x00100050, 0x00100101, 0x00100102, 0x00101000, 0x00101001, 0x00101002,
  0x00101005, 0x00101010, 0x00101020, 0x00101030, 0x00101040, 0x00101050, 0x00101060, 0x00101080, 0x00101081,
  0x00101090, 0x00101100, 0x00102000, 0x00102110, 0x00102150, 0x00102152, 0x00102154, 0x00102155, 0x00102160,
  0x00102180, 0x001021a0, 0x001021b0, 0x001021c0, 0x001021d0, 0x001021f0, 0x00102203, 0x00102297, 0x00102299,
  0x00104000,
  // Acquisition: devices, protocols, comments, acquisition date-times.
  0x00181000, 0x00181004, 0x00181005, 0x00181007, 0x00181008, 0x00181009, 0x0018100a, 0x00181010, 0x00181011,
  0x00181016, 0x00181017, 0x00181018, 0x00181019, 0x00181020, 0x00181030, 0x00181072, 0x00181073, 0x00181078,
  0x00181079, 0x00181200, 0x00181201, 0x00181400, 0x00184000, 0x0018700a, 0x00189074, 0x00189151, 0x00189424,
  0x00189516, 0x00189517, 0x00189701, 0x00189804, 0x0018a003,
  // Image comments and modifications.
  0x00203401, 0x00203404, 0x00203406, 0x00204000, 0x00209158, 0x00284000,
  // Study scheduling and requests.
  0x00320012, 0x00320032, 0x00320033, 0x00320034, 0x00320035, 0x00321000, 0x00321001, 0x00321010, 0x00321011,
  0x00321020, 0x00321021, 0x00321030, 0x00321032, 0x00321033, 0x00321040, 0x00321041, 0x00321050, 0x00321051,
  0x00321060, 0x00321070, 0x00324000,
  // Visit.
  0x00380004, 0x00380010, 0x00380011, 0x0038001e, 0x00380020, 0x00380021, 0x00380040, 0x00380050, 0x00380060,
  0x00380061, 0x00380062, 0x00380300, 0x00380400, 0x00380500, 0x00384000,
  // Procedure steps, orders, observers, content.
  0x00400001, 0x00400002, 0x00400003, 0x00400004, 0x00400005, 0x00400006, 0x00400007, 0x0040000b, 0x00400010,
  0x00400011, 0x00400012, 0x00400241, 0x00400242, 0x00400243, 0x00400244, 0x00400245, 0x00400250, 0x00400251,
  0x00400253, 0x00400254, 0x00400275, 0x00400280, 0x00400555, 0x00401001, 0x00401004, 0x00401005, 0x00401010,
  0x00401011, 0x00401101, 0x00401102, 0x00401103, 0x00401104, 0x00401400, 0x00402001, 0x00402008, 0x00402009,
  0x00402010, 0x00402011, 0x00402016, 0x00402017, 0x00402400, 0x00403001, 0x0040a027, 0x0040a073, 0x0040a075,
  0x0040a078, 0x0040a07a, 0x0040a07c, 0x0040a088, 0x0040a123, 0x0040a730,
  // Annotations, media topics, signatures, original attributes, free text.
  0x00700001, 0x00700086, 0x00880200, 0x00880904, 0x00880906, 0x00880910, 0x00880912, 0x04000100, 0x04000402,
  0x04000403, 0x04000404, 0x04000550, 0x04000561, 0x20300020, 0x40000010, 0x40004000, 0xfffafffa, 0xfffcfffc,
];

const ACTIONS = new Map<number, ProfileAction>([
  ...Z.map((t) => [t, 'Z'] as const),
  ...X.map((t) => [t, 'X'] as const),
  [0x00100010, 'pseudonym'],
  [0x00100020, 'pseudonym'],
  [0x00180010, 'dummy'], // Contrast/Bolus Agent (Z/D): "was contrast used" survives, the product text does not
]);

export const DUMMY_VALUES = new Map([[0x00180010, 'CONTRAST']]);

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

/** The profile's action for `tag`, or undefined when the element is kept (UIDs still remapped). */
export function profileAction(tag: number): ProfileAction | undefined {
  const group = tag >>> 16;
  if (group % 2 === 1) return 'X'; // private
  if ((tag & 0xffff) === 0 && group !== 0x0002) return 'X'; // group lengths: recomputed or obsolete
  if ((group & 0xff00) === 0x6000 || (group & 0xff00) === 0x5000) return 'X'; // overlays and curves
  if (group === 0x0012) return 'X'; // clinical trial attributes: rewritten by the de-identifier
  return ACTIONS.get(tag);
}
