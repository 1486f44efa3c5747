/**
 * Why a parsed file is not a usable CT image, as an ordered chain of small checks: from "what kind of
 * object is this" to "can we decode it". The first check that objects names the reason, so a PDF is
 * reported as a document, not as "no pixel data", and a dose page as a secondary capture, not as "not CT".
 */
import type { DataSet, Element } from 'dicom-parser';
import type { SetAside } from '../types.ts';
import { text } from './data-set-values.ts';
import { checkPixelData, type PixelLayout } from './pixel-data-check.ts';
import { CT_SOP_CLASSES, isSecondaryCapture, MEDIA_STORAGE_DIRECTORY, nonImageKind } from './sop-classes.ts';
import { pixelCodec } from './transfer-syntaxes.ts';

export interface Candidate {
  ds: DataSet;
  transferSyntaxUid: string;
  fileLength: number;
  mediaStorageSopClassUid: string | undefined;
  sopClassUid: string;
  modality: string;
  imageType: string[];
  photometric: string;
  layout: PixelLayout;
  pixelData: Element | undefined;
}

type Check = (c: Candidate) => SetAside | undefined;

/** ImageType values that mark dose pages and screenshots stored under an image class. */
const NON_ACQUISITION_IMAGE_TYPES = ['SCREEN SAVE', 'DOSE_INFO', 'DOSE INFO', 'DOSE REPORT', 'CSA REPORT'];

const aside = (code: SetAside['code'], reason: string): SetAside => ({ code, reason });

const dicomdir: Check = (c) =>
  c.mediaStorageSopClassUid === MEDIA_STORAGE_DIRECTORY || c.ds.elements.x00041220
    ? aside('dicomdir', 'A DICOMDIR (media directory) indexes files but holds no image')
    : undefined;

const nonImage: Check = (c) => {
  const kind = nonImageKind(c.sopClassUid);
  return kind ? aside('not-an-image', `A ${kind} (SOP class ${c.sopClassUid}), not an image`) : undefined;
};

/** Before anything else reads pixels: a header that lies about its pixel data is refused as such. */
const unusablePixelData: Check = (c) =>
  c.pixelData ? checkPixelData(c.pixelData, c.layout, c.transferSyntaxUid, c.fileLength) : undefined;

const secondaryCapture: Check = (c) =>
  isSecondaryCapture(c.sopClassUid)
    ? aside('derived-or-secondary', `Secondary capture (${c.modality || 'no modality'}), not an acquisition`)
    : undefined;

const notCt: Check = (c) => {
  if (c.modality === 'CT' || (c.modality === '' && CT_SOP_CLASSES.has(c.sopClassUid))) return undefined;
  return aside('not-ct', `Modality ${c.modality || 'missing'}${c.sopClassUid ? ` (SOP class ${c.sopClassUid})` : ''}`);
};

const notCtImageClass: Check = (c) =>
  c.sopClassUid && !CT_SOP_CLASSES.has(c.sopClassUid)
    ? aside('not-an-image', `SOP class ${c.sopClassUid} is not a CT image storage class`)
    : undefined;

/** Philips/Elscint store PMSCT_RLE1-compressed pixels in a private element behind a native transfer syntax. */
const vendorPrivateCompression: Check = (c) => {
  const scheme = text(c.ds, 'x07a11011');
  return !c.pixelData && scheme
    ? aside(
        'unsupported-transfer-syntax',
        `Pixels compressed with the vendor-private ${scheme} scheme behind transfer syntax ${c.transferSyntaxUid}`,
      )
    : undefined;
};

const noPixelData: Check = (c) => (c.pixelData ? undefined : aside('no-pixel-data', 'CT header without pixel data'));

const localizer: Check = (c) =>
  c.imageType.includes('LOCALIZER') ? aside('localizer', 'Localizer (scout/surview) image') : undefined;

const reportPage: Check = (c) => {
  const marker = c.imageType.find((v) => NON_ACQUISITION_IMAGE_TYPES.includes(v));
  return marker ? aside('derived-or-secondary', `ImageType ${marker}: a report page, not an acquisition`) : undefined;
};

const burnedInAnnotation: Check = (c) =>
  text(c.ds, 'x00280301')?.toUpperCase() === 'YES'
    ? aside('burned-in-annotation', 'BurnedInAnnotation is YES: the pixels may show identifying text')
    : undefined;

const notGreyscale: Check = (c) =>
  c.layout.samplesPerPixel !== 1 || !c.photometric.startsWith('MONOCHROME')
    ? aside('corrupt', `CT pixels must be greyscale, found ${c.photometric} × ${c.layout.samplesPerPixel}`)
    : undefined;

const unsupportedSampleSize: Check = (c) =>
  c.layout.bitsAllocated !== 8 && c.layout.bitsAllocated !== 16
    ? aside('corrupt', `BitsAllocated ${c.layout.bitsAllocated} is not 8 or 16`)
    : undefined;

const unsupportedTransferSyntax: Check = (c) =>
  pixelCodec(c.transferSyntaxUid)
    ? undefined
    : aside('unsupported-transfer-syntax', `Transfer syntax ${c.transferSyntaxUid || 'missing'}`);

const CHECKS: Check[] = [
  dicomdir,
  nonImage,
  unusablePixelData,
  secondaryCapture,
  notCt,
  notCtImageClass,
  vendorPrivateCompression,
  noPixelData,
  localizer,
  reportPage,
  burnedInAnnotation,
  notGreyscale,
  unsupportedSampleSize,
  unsupportedTransferSyntax,
];

export function firstProblem(candidate: Candidate): SetAside | undefined {
  for (const check of CHECKS) {
    const problem = check(candidate);
    if (problem) return problem;
  }
  return undefined;
}
