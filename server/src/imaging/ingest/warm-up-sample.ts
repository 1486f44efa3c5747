import { writePhantomSlice } from '../testing/phantom.ts';

/** The size of the sample: the CT slices an ingest meets, so the same code paths are made hot. */
const ROWS = 512;
const COLUMNS = 512;

/**
 * A self-made CT slice (explicit VR, a private element, identifying text, noisy pixels like a real scan)
 * that an ingest thread runs through its steps when it starts, before the first upload's files reach it:
 * V8 then compiles the parser, de-identifier and decoder while the upload is still arriving instead of
 * during the ingest, on a machine whose cores the ingest needs.
 */
export function warmUpSample(): Uint8Array {
  const pixels = new Int16Array(ROWS * COLUMNS);
  let seed = 1;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = 1024 + (i % COLUMNS) + ((seed >>> 16) & 0x3f);
  }
  return writePhantomSlice({
    rows: ROWS,
    columns: COLUMNS,
    pixelSpacing: [0.7, 0.7],
    position: [-180, -180, 0],
    orientation: [1, 0, 0, 0, 1, 0],
    pixels,
    seriesInstanceUid: '2.25.1001',
    studyInstanceUid: '2.25.1002',
    frameOfReferenceUid: '2.25.1003',
    sopInstanceUid: '2.25.1004',
    patientName: 'WARM^UP',
    patientId: 'WARM-UP',
    institutionName: 'Nowhere',
    transferSyntax: 'explicit',
    extraPrivateTag: true,
    windowCenter: 40,
    windowWidth: 400,
  });
}
