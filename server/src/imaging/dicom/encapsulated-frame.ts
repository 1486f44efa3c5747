/**
 * The compressed bytes of one frame of encapsulated pixel data (PS3.5 §A.4), whether or not the Basic
 * Offset Table is filled in and however the encoder split frames into fragments.
 */
import dicomParser, { type DataSet, type Element } from 'dicom-parser';

export function encapsulatedFrame(
  ds: DataSet,
  element: Element,
  frameIndex: number,
  numberOfFrames: number,
  isJpegFamily: boolean,
): Uint8Array {
  const fragments = element.fragments ?? [];
  if (numberOfFrames === 1) {
    // One frame: every fragment belongs to it (an empty or one-entry offset table says nothing more).
    return dicomParser.readEncapsulatedPixelDataFromFragments(ds, element, 0, fragments.length) as Uint8Array;
  }
  if ((element.basicOffsetTable?.length ?? 0) === numberOfFrames) {
    return dicomParser.readEncapsulatedImageFrame(ds, element, frameIndex) as Uint8Array;
  }
  if (fragments.length === numberOfFrames) {
    return dicomParser.readEncapsulatedPixelDataFromFragments(ds, element, frameIndex, 1) as Uint8Array;
  }
  if (isJpegFamily) {
    // No offset table and several fragments per frame: a frame starts at each fragment opening with SOI.
    const table = dicomParser.createJPEGBasicOffsetTable(ds, element);
    if (table.length !== numberOfFrames) {
      throw new Error(`found ${table.length} JPEG frame starts for ${numberOfFrames} frames`);
    }
    return dicomParser.readEncapsulatedImageFrame(ds, element, frameIndex, table) as Uint8Array;
  }
  throw new Error(`${fragments.length} fragments for ${numberOfFrames} frames and no offset table`);
}
