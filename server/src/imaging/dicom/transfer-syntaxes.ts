/** The transfer syntaxes CardioMap decodes, and how their pixel data is laid out. */
import { TS } from './file-meta.ts';

export type PixelCodec =
  | 'native'
  | 'jpeg-baseline'
  | 'jpeg-extended'
  | 'jpeg-lossless'
  | 'jpeg-ls'
  | 'jpeg-2000'
  | 'htj2k'
  | 'rle'
  | 'deflated-frame';

const CODECS = new Map<string, PixelCodec>([
  [TS.implicitLittle, 'native'],
  [TS.explicitLittle, 'native'],
  [TS.deflatedExplicitLittle, 'native'],
  [TS.explicitBig, 'native'],
  ['1.2.840.10008.1.2.4.50', 'jpeg-baseline'],
  ['1.2.840.10008.1.2.4.51', 'jpeg-extended'],
  ['1.2.840.10008.1.2.4.57', 'jpeg-lossless'],
  ['1.2.840.10008.1.2.4.70', 'jpeg-lossless'],
  ['1.2.840.10008.1.2.4.80', 'jpeg-ls'],
  ['1.2.840.10008.1.2.4.81', 'jpeg-ls'],
  ['1.2.840.10008.1.2.4.90', 'jpeg-2000'],
  ['1.2.840.10008.1.2.4.91', 'jpeg-2000'],
  ['1.2.840.10008.1.2.4.201', 'htj2k'],
  ['1.2.840.10008.1.2.4.202', 'htj2k'],
  ['1.2.840.10008.1.2.4.203', 'htj2k'],
  ['1.2.840.10008.1.2.5', 'rle'],
  ['1.2.840.10008.1.2.8.1', 'deflated-frame'],
]);

export function pixelCodec(transferSyntaxUid: string): PixelCodec | undefined {
  return CODECS.get(transferSyntaxUid);
}

export function isEncapsulated(transferSyntaxUid: string): boolean {
  const codec = CODECS.get(transferSyntaxUid);
  return codec !== undefined && codec !== 'native';
}
