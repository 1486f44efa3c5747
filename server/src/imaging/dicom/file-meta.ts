import { DataSetWriter, encodeUint32, tagNumber } from './data-set-writer.ts';

/** Identifies files CardioMap wrote (PS3.10 §7.1: implementation class UID and version name). */
export const IMPLEMENTATION_CLASS_UID = '2.25.186436471201549384271626418466513090301';
export const IMPLEMENTATION_VERSION_NAME = 'CARDIOMAP_1';

export const TS = {
  implicitLittle: '1.2.840.10008.1.2',
  explicitLittle: '1.2.840.10008.1.2.1',
  deflatedExplicitLittle: '1.2.840.10008.1.2.1.99',
  explicitBig: '1.2.840.10008.1.2.2',
} as const;

export interface FileMetaFields {
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntaxUid: string;
}

/**
 * The 128-byte preamble, 'DICM' and the file meta group (always explicit VR little endian), with its group
 * length computed from what follows it.
 */
export function encodeFileMeta(meta: FileMetaFields, preamble = true): Uint8Array {
  const group = new DataSetWriter(true);
  group.element(tagNumber(0x0002, 0x0001), 'OB', new Uint8Array([0, 1]));
  group.text(tagNumber(0x0002, 0x0002), 'UI', meta.sopClassUid);
  group.text(tagNumber(0x0002, 0x0003), 'UI', meta.sopInstanceUid);
  group.text(tagNumber(0x0002, 0x0010), 'UI', meta.transferSyntaxUid);
  group.text(tagNumber(0x0002, 0x0012), 'UI', IMPLEMENTATION_CLASS_UID);
  group.text(tagNumber(0x0002, 0x0013), 'SH', IMPLEMENTATION_VERSION_NAME);
  const out = new DataSetWriter(true);
  if (preamble) {
    out.raw(new Uint8Array(128));
    out.raw(new Uint8Array([0x44, 0x49, 0x43, 0x4d]));
  }
  out.element(tagNumber(0x0002, 0x0000), 'UL', encodeUint32(group.length));
  for (const part of group.parts()) out.raw(part);
  return out.toBytes();
}
