/** The ParsedInstance of a data set already known to be a decodable CT image. */
import type { DataSet } from 'dicom-parser';
import type { ParsedInstance } from '../types.ts';
import { firstNumber, text, uint16 } from './data-set-values.ts';
import type { PixelLayout } from './pixel-data-check.ts';
import { readCardiacPhases } from './read-cardiac-phase.ts';
import { enhancedMacro, enhancedSliceThickness, readGeometry } from './read-geometry.ts';

interface Known {
  transferSyntaxUid: string;
  sopClassUid: string;
  modality: string;
  imageType: string[];
  photometric: string;
  layout: PixelLayout;
}

/** The instance, with `frames` undefined and the reason in `geometryProblem` when it cannot be placed. */
export interface FieldsResult {
  instance: ParsedInstance;
  geometryProblem: string | undefined;
}

const integer = (ds: DataSet, tag: string) => {
  const n = firstNumber(ds, tag);
  return n === undefined ? undefined : Math.trunc(n);
};

/** Padding values are US or SS following PixelRepresentation; the VR in the file may say either. */
function usOrSs(ds: DataSet, tag: string, signed: boolean): number | undefined {
  const el = ds.elements[tag];
  if (!el || el.length < 2) return undefined;
  return signed ? ds.int16(tag) : ds.uint16(tag);
}

export function readInstanceFields(ds: DataSet, k: Known): FieldsResult {
  const geometry = readGeometry(ds, k.layout.numberOfFrames);
  const pixelRepresentation = uint16(ds, 'x00280103') === 1 ? 1 : 0;
  const bitsStored = uint16(ds, 'x00280101') ?? k.layout.bitsAllocated;
  const enhanced = ds.elements.x52009229 !== undefined || ds.elements.x52009230 !== undefined;
  // Enhanced images keep rescale and window in functional groups; classic ones at the top level.
  const rescale = enhanced ? (enhancedMacro(ds, 'x00289145') ?? ds) : ds;
  const voi = enhanced ? (enhancedMacro(ds, 'x00289132') ?? ds) : ds;
  const cardiac = readCardiacPhases(ds, k.layout.numberOfFrames);
  const gated = cardiac.phases.some(
    (p) => p.percent !== null || p.triggerTimeMs !== null || p.temporalIndex !== null || p.temporalIdentifier !== null,
  );
  const sliceThickness = (enhanced ? enhancedSliceThickness(ds) : undefined) ?? firstNumber(ds, 'x00180050');
  return {
    geometryProblem: geometry.ok ? undefined : geometry.reason,
    instance: {
      transferSyntaxUid: k.transferSyntaxUid,
      sopClassUid: k.sopClassUid,
      sopInstanceUid: text(ds, 'x00080018') ?? text(ds, 'x00020003') ?? '',
      studyInstanceUid: text(ds, 'x0020000d') ?? '',
      seriesInstanceUid: text(ds, 'x0020000e') ?? '',
      frameOfReferenceUid: text(ds, 'x00200052'),
      modality: k.modality || 'CT',
      imageType: k.imageType,
      seriesDescription: text(ds, 'x0008103e') ?? '',
      seriesNumber: integer(ds, 'x00200011'),
      instanceNumber: integer(ds, 'x00200013'),
      acquisitionNumber: integer(ds, 'x00200012'),
      rows: k.layout.rows,
      columns: k.layout.columns,
      numberOfFrames: k.layout.numberOfFrames,
      bitsAllocated: k.layout.bitsAllocated,
      bitsStored: bitsStored > 0 && bitsStored <= k.layout.bitsAllocated ? bitsStored : k.layout.bitsAllocated,
      pixelRepresentation,
      samplesPerPixel: k.layout.samplesPerPixel,
      photometricInterpretation: k.photometric,
      rescaleSlope: firstNumber(rescale, 'x00281053') ?? 1,
      rescaleIntercept: firstNumber(rescale, 'x00281052') ?? 0,
      pixelPaddingValue: usOrSs(ds, 'x00280120', pixelRepresentation === 1),
      pixelPaddingRangeLimit: usOrSs(ds, 'x00280121', pixelRepresentation === 1),
      windowCenter: firstNumber(voi, 'x00281050'),
      windowWidth: firstNumber(voi, 'x00281051'),
      sliceThickness,
      gantryTilt: firstNumber(ds, 'x00181120'),
      contrastBolusAgent: text(ds, 'x00180010'),
      burnedInAnnotation: text(ds, 'x00280301')?.toUpperCase() === 'YES',
      frames: geometry.ok ? geometry.frames : undefined,
      // Only when told: an image without any phase attribute stays as it was (and as small, between threads).
      ...(gated ? { phases: cardiac.phases } : {}),
      ...(cardiac.rrIntervalMs !== undefined ? { rrIntervalMs: cardiac.rrIntervalMs } : {}),
    },
  };
}
