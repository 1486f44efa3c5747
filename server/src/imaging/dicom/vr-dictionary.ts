/**
 * The VR of a standard tag, for implicit-VR data sets: dicom-parser needs it to find sequences of defined
 * length, and the de-identifier needs it to write explicit VR. dcmjs carries the PS3.6 dictionary.
 */
import dcmjs from 'dcmjs';

const dictionary = dcmjs.data.DicomMetaDictionary.dictionary;

const cache = new Map<string, string | undefined>();

/**
 * dicom-parser tag ('x00100010') → dictionary VR ('PN'); dcmjs writes ambiguous VRs in lower case ('xs' for
 * US or SS, 'ox' for OB or OW, 'lt' for lookup-table data); undefined for private and unknown tags.
 */
export function dictionaryVr(tag: string): string | undefined {
  let vr = cache.get(tag);
  if (vr === undefined && !cache.has(tag)) {
    const key = `(${tag.slice(1, 5).toUpperCase()},${tag.slice(5, 9).toUpperCase()})`;
    vr = dictionary[key]?.vr;
    cache.set(tag, vr);
  }
  return vr;
}

/**
 * The callback dicom-parser calls for implicit-VR elements; only 'SQ' matters to it. Unknown (private)
 * tags answer undefined so that it peeks for an item tag instead: a private sequence of undefined length
 * read as a plain value would derail the rest of the data set.
 */
export const implicitVrCallback = dictionaryVr as (tag: string) => string;
