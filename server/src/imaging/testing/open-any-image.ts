/**
 * Opens any image for decoding, skipping the CT classification: lets tests run the decoders on the
 * transfer-syntax samples that are MR, US or localizers (readInstance rightly sets those aside).
 */
import { text, textValues } from '../dicom/data-set-values.ts';
import { parseBytes } from '../dicom/parse-bytes.ts';
import { type DicomSource, readPixelLayout } from '../dicom/read-instance.ts';
import { readInstanceFields } from '../dicom/read-instance-fields.ts';

export function openAnyImage(bytes: Uint8Array): DicomSource {
  const parsed = parseBytes(bytes);
  if (!parsed.ok) throw new Error(parsed.setAside.reason);
  const { dataSet: ds, transferSyntaxUid } = parsed.parsed;
  const pixelData = ds.elements.x7fe00010;
  if (!pixelData) throw new Error('no pixel data');
  const { instance } = readInstanceFields(ds, {
    transferSyntaxUid,
    sopClassUid: text(ds, 'x00080016') ?? '',
    modality: text(ds, 'x00080060') ?? '',
    imageType: textValues(ds, 'x00080008'),
    photometric: text(ds, 'x00280004') ?? 'MONOCHROME2',
    layout: readPixelLayout(ds),
  });
  return { bytes: parsed.parsed.bytes, dataSet: ds, transferSyntaxUid, pixelData, instance };
}
