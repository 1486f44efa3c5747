/**
 * One file's bytes → a usable CT image (ParsedInstance + the parsed source for decoding and
 * de-identification) or the reason it is set aside. The checks run from "what is this object" to "can we
 * place and decode it", so each file gets the most telling reason. Never throws.
 */
import type { DataSet, Element } from 'dicom-parser';
import type { ParsedInstance, SetAside } from '../types.ts';
import { text, textValues, uint16 } from './data-set-values.ts';
import { parseBytes } from './parse-bytes.ts';
import { checkPixelData, type PixelLayout } from './pixel-data-check.ts';
import { readInstanceFields } from './read-instance-fields.ts';
import { CT_SOP_CLASSES, isSecondaryCapture, MEDIA_STORAGE_DIRECTORY, nonImageKind } from './sop-classes.ts';
import { pixelCodec } from './transfer-syntaxes.ts';

export interface DicomSource {
  /** The bytes `dataSet` offsets refer to (preamble added or deflate inflated where needed). */
  readonly bytes: Uint8Array;
  readonly dataSet: DataSet;
  readonly transferSyntaxUid: string;
  readonly pixelData: Element;
  readonly instance: ParsedInstance;
}

export type ReadResult =
  | { ok: true; instance: ParsedInstance; source: DicomSource }
  | { ok: false; setAside: SetAside };

/** ImageType values that mark dose pages and screenshots stored under an image class. */
const NON_ACQUISITION_IMAGE_TYPES = ['SCREEN SAVE', 'DOSE_INFO', 'DOSE INFO', 'DOSE REPORT', 'CSA REPORT'];

const setAside = (code: SetAside['code'], reason: string): ReadResult => ({ ok: false, setAside: { code, reason } });

export function readPixelLayout(ds: DataSet): PixelLayout {
  return {
    rows: uint16(ds, 'x00280010') ?? 0,
    columns: uint16(ds, 'x00280011') ?? 0,
    numberOfFrames: Number(text(ds, 'x00280008') ?? '1'),
    samplesPerPixel: uint16(ds, 'x00280002') ?? 1,
    bitsAllocated: uint16(ds, 'x00280100') ?? 0,
  };
}

export function readInstance(bytes: Uint8Array): ReadResult {
  try {
    return classify(bytes);
  } catch (error) {
    return setAside('corrupt', `Unreadable: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function classify(bytes: Uint8Array): ReadResult {
  const parsed = parseBytes(bytes);
  if (!parsed.ok) return parsed;
  const { dataSet: ds, transferSyntaxUid } = parsed.parsed;

  const mediaClass = text(ds, 'x00020002');
  if (mediaClass === MEDIA_STORAGE_DIRECTORY || ds.elements.x00041220) {
    return setAside('dicomdir', 'A DICOMDIR (media directory) indexes files but holds no image');
  }
  const sopClassUid = text(ds, 'x00080016') ?? mediaClass ?? '';
  const modality = text(ds, 'x00080060') ?? '';
  const kind = nonImageKind(sopClassUid);
  if (kind) return setAside('not-an-image', `A ${kind} (SOP class ${sopClassUid}), not an image`);

  const pixelData = ds.elements.x7fe00010;
  const layout = readPixelLayout(ds);
  if (pixelData) {
    const problem = checkPixelData(pixelData, layout, transferSyntaxUid, parsed.parsed.bytes.length);
    if (problem) return { ok: false, setAside: problem };
  }
  if (isSecondaryCapture(sopClassUid)) {
    return setAside('derived-or-secondary', `Secondary capture (${modality || 'no modality'}), not an acquisition`);
  }
  if (modality !== 'CT' && !(modality === '' && CT_SOP_CLASSES.has(sopClassUid))) {
    return setAside('not-ct', `Modality ${modality || 'missing'}${sopClassUid ? ` (SOP class ${sopClassUid})` : ''}`);
  }
  if (sopClassUid && !CT_SOP_CLASSES.has(sopClassUid)) {
    return setAside('not-an-image', `SOP class ${sopClassUid} is not a CT image storage class`);
  }
  const privateCompression = text(ds, 'x07a11011');
  if (!pixelData && privateCompression) {
    return setAside(
      'unsupported-transfer-syntax',
      `Pixels compressed with the vendor-private ${privateCompression} scheme behind transfer syntax ${transferSyntaxUid}`,
    );
  }
  if (!pixelData) return setAside('no-pixel-data', 'CT header without pixel data');

  const imageType = textValues(ds, 'x00080008').map((v) => v.toUpperCase());
  if (imageType.includes('LOCALIZER')) return setAside('localizer', 'Localizer (scout/surview) image');
  const marker = imageType.find((v) => NON_ACQUISITION_IMAGE_TYPES.includes(v));
  if (marker) return setAside('derived-or-secondary', `ImageType ${marker}: a report page, not an acquisition`);
  if (text(ds, 'x00280301')?.toUpperCase() === 'YES') {
    return setAside('burned-in-annotation', 'BurnedInAnnotation is YES: the pixels may show identifying text');
  }

  const photometric = text(ds, 'x00280004') ?? 'MONOCHROME2';
  if (layout.samplesPerPixel !== 1 || !photometric.startsWith('MONOCHROME')) {
    return setAside('corrupt', `CT pixels must be greyscale, found ${photometric} × ${layout.samplesPerPixel}`);
  }
  if (layout.bitsAllocated !== 8 && layout.bitsAllocated !== 16) {
    return setAside('corrupt', `BitsAllocated ${layout.bitsAllocated} is not 8 or 16`);
  }
  if (!pixelCodec(transferSyntaxUid)) {
    return setAside('unsupported-transfer-syntax', `Transfer syntax ${transferSyntaxUid || 'missing'}`);
  }

  const fields = readInstanceFields(ds, { transferSyntaxUid, sopClassUid, modality, imageType, photometric, layout });
  if (fields.geometryProblem) return setAside('unusable-geometry', fields.geometryProblem);
  const instance = fields.instance;
  return {
    ok: true,
    instance,
    source: { bytes: parsed.parsed.bytes, dataSet: ds, transferSyntaxUid, pixelData, instance },
  };
}
