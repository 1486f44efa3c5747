/** Which SOP classes CardioMap can use, and how to name the ones it sets aside (PS3.4 Annex B). */

const STORAGE = '1.2.840.10008.5.1.4.1.1.';

export const CT_SOP_CLASSES = new Map([
  [`${STORAGE}2`, 'CT Image Storage'],
  [`${STORAGE}2.1`, 'Enhanced CT Image Storage'],
  [`${STORAGE}2.2`, 'Legacy Converted Enhanced CT Image Storage'],
]);

export const MEDIA_STORAGE_DIRECTORY = '1.2.840.10008.1.3.10';

/** Secondary capture family (screenshots, dose pages, 8-bit exports): never an acquisition. */
export function isSecondaryCapture(uid: string): boolean {
  return uid === `${STORAGE}7` || uid.startsWith(`${STORAGE}7.`);
}

/** Storage classes that carry no image meant for a volume: documents, reports, plans, waveforms, states. */
const NON_IMAGE_PREFIXES: [string, string][] = [
  [`${STORAGE}88.`, 'structured report'],
  [`${STORAGE}481.`, 'radiotherapy object'],
  [`${STORAGE}104.`, 'encapsulated document'],
  [`${STORAGE}9.`, 'waveform'],
  [`${STORAGE}11.`, 'presentation state'],
  [`${STORAGE}66`, 'raw data, segmentation, registration or fiducials'],
  [`${STORAGE}67`, 'real world value mapping'],
  [`${STORAGE}30`, 'parametric map'],
  [`${STORAGE}68.`, 'surface'],
  [`${STORAGE}78.`, 'measurement'],
  [`${STORAGE}79.`, 'measurement'],
  [`${STORAGE}82.`, 'measurement'],
  [`${STORAGE}91.`, 'microscopy bulk annotation'],
  ['1.2.840.10008.5.1.4.1.1.1.1.1', 'for-processing X-ray'],
  ['1.2.840.10008.5.1.4.38.', 'hanging protocol'],
  ['1.2.840.10008.5.1.4.39.', 'color palette'],
  ['1.2.840.10008.5.1.4.43.', 'generic implant template'],
  ['1.2.840.10008.5.1.4.44.', 'implant assembly template'],
  ['1.2.840.10008.5.1.4.45.', 'implant template group'],
];

/** What kind of non-image object `uid` is, or undefined when it may be an image. */
export function nonImageKind(uid: string): string | undefined {
  return NON_IMAGE_PREFIXES.find(([prefix]) => uid.startsWith(prefix))?.[1];
}
