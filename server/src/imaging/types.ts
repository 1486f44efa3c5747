/**
 * The shapes the imaging pieces hand to each other: the zip reader yields entries, the DICOM reader
 * turns an entry into a parsed instance (or a reason to set it aside), the series picker and the volume
 * assembler work on parsed instances, and the ingest pipeline reports per file. No I/O here.
 */

/** Why a file was set aside; `code` is stable (tests and the per-file report use it), `reason` is for people. */
export interface SetAside {
  code:
    | 'not-dicom'
    | 'corrupt'
    | 'truncated'
    | 'no-pixel-data'
    | 'unsupported-transfer-syntax'
    | 'not-ct'
    | 'not-an-image'
    | 'localizer'
    | 'derived-or-secondary'
    | 'burned-in-annotation'
    | 'dicomdir'
    | 'unusable-geometry'
    | 'other-series'
    | 'too-large'
    | 'duplicate';
  reason: string;
}

export type Vec3 = [number, number, number];

/** One frame of an image: where it lies in patient space. */
export interface FrameGeometry {
  /** ImagePositionPatient of the frame's first pixel (mm). */
  position: Vec3;
  /** ImageOrientationPatient: row direction then column direction (unit vectors). */
  orientation: [number, number, number, number, number, number];
  /** PixelSpacing as in DICOM: [between rows (mm), between columns (mm)]. */
  pixelSpacing: [number, number];
}

/**
 * Where in the heart cycle a frame lies (ECG-gated CT, issue 28); null when the image does not say.
 * Read from the top level of a classic image, from the functional groups of an enhanced one.
 */
export interface FramePhase {
  /** Nominal Percentage of Cardiac Phase (0020,9241). */
  percent: number | null;
  /** Trigger Time (0018,1060), else Nominal Cardiac Trigger Delay Time (0020,9153), else Image Trigger Delay (0018,1067), in ms. */
  triggerTimeMs: number | null;
  /** Temporal Position Index (0020,9128). */
  temporalIndex: number | null;
  /** Temporal Position Identifier (0020,0100). */
  temporalIdentifier: number | null;
}

/** What the pipeline needs from a DICOM instance, read from its header. */
export interface ParsedInstance {
  transferSyntaxUid: string;
  sopClassUid: string;
  sopInstanceUid: string;
  studyInstanceUid: string;
  seriesInstanceUid: string;
  frameOfReferenceUid: string | undefined;
  modality: string;
  imageType: string[];
  /** As read from the file, for the pipeline's own guesses (contrast); never shown (SeriesCandidate.description is). */
  seriesDescription: string;
  seriesNumber: number | undefined;
  instanceNumber: number | undefined;
  acquisitionNumber: number | undefined;
  rows: number;
  columns: number;
  numberOfFrames: number;
  bitsAllocated: number;
  bitsStored: number;
  pixelRepresentation: 0 | 1;
  samplesPerPixel: number;
  photometricInterpretation: string;
  rescaleSlope: number;
  rescaleIntercept: number;
  pixelPaddingValue: number | undefined;
  /** With PixelPaddingValue, stored values between the two (inclusive) are padding too (PS3.3 C.7.5.1.1.2). */
  pixelPaddingRangeLimit?: number;
  windowCenter: number | undefined;
  windowWidth: number | undefined;
  sliceThickness: number | undefined;
  gantryTilt: number | undefined;
  contrastBolusAgent: string | undefined;
  burnedInAnnotation: boolean;
  /** One entry per frame (single-frame images have one); undefined when the geometry is missing. */
  frames: FrameGeometry[] | undefined;
  /** The cardiac phase of each frame, parallel to `frames` (absent: no phase attribute read). */
  phases?: FramePhase[];
  /** The R-R interval (Nominal Interval, else from Heart Rate), in ms, when the image tells it. */
  rrIntervalMs?: number;
}

/** One line of the per-file report (a job resource). */
export interface FileReport {
  path: string;
  bytes: number;
  outcome: 'used' | 'set-aside' | 'candidate';
  seriesInstanceUid?: string;
  code?: SetAside['code'];
  reason?: string;
  /** For a file used (or set aside as a duplicate) in a gated series: the label of the phase it went to. */
  phase?: string;
}
