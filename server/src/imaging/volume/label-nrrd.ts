import { gunzipSync, gzipSync } from 'node:zlib';
import type { Affine } from '../surface/mesh.ts';

export const NRRD_MIME_TYPE = 'application/x-nrrd';

export interface LabelVolume {
  labels: Uint8Array;
  dims: [number, number, number];
  /** Grid coordinates (voxel centres) to patient coordinates (mm, DICOM LPS), row-major 3 × 4. */
  toPatient: Affine;
  /** What each label number stands for, kept in the file so it reads on its own (3D Slicer shows them). */
  names: Record<number, string>;
}

/**
 * A label volume as NRRD (gzip), the segmentation format 3D Slicer, ITK and MITK read without
 * conversion: `space: left-posterior-superior` with the grid's axes and origin, so it lies on the CT it
 * was made from. Label names go in `key:=value` fields. This is the stored segmentation resource the
 * later DICOM SEG export reads.
 */
export function writeLabelNrrd(volume: LabelVolume): Uint8Array {
  const [nx, ny, nz] = volume.dims;
  if (volume.labels.length !== nx * ny * nz) throw new Error('writeLabelNrrd: labels do not fill the grid');
  const m = volume.toPatient;
  const column = (c: number) => `(${[0, 1, 2].map((r) => num(m[4 * r + c] as number)).join(',')})`;
  const lines = [
    'NRRD0004',
    '# CardioMap automatic anatomy labels',
    'type: uint8',
    'dimension: 3',
    'space: left-posterior-superior',
    `sizes: ${nx} ${ny} ${nz}`,
    `space directions: ${column(0)} ${column(1)} ${column(2)}`,
    'kinds: domain domain domain',
    'endian: little',
    'encoding: gzip',
    `space origin: ${column(3)}`,
    ...Object.entries(volume.names).map(([label, name]) => `label_${label}:=${name.replace(/[\r\n]/g, ' ')}`),
  ];
  const header = Buffer.from(`${lines.join('\n')}\n\n`, 'latin1');
  return new Uint8Array(Buffer.concat([header, gzipSync(volume.labels, { level: 6 })]));
}

/** Reads back what `writeLabelNrrd` wrote (uint8, gzip, LPS); throws on anything else. */
export function readLabelNrrd(bytes: Uint8Array): LabelVolume {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = buffer.indexOf('\n\n');
  if (end < 0 || !buffer.subarray(0, 8).toString('latin1').startsWith('NRRD000')) throw new Error('Not an NRRD file.');
  const fields = new Map<string, string>();
  const names: Record<number, string> = {};
  for (const line of buffer.subarray(0, end).toString('latin1').split('\n').slice(1)) {
    if (line.startsWith('#')) continue;
    const kv = /^label_(\d+):=(.*)$/.exec(line);
    if (kv) names[Number(kv[1])] = kv[2] as string;
    const field = /^([^:]+): (.*)$/.exec(line);
    if (field) fields.set(field[1] as string, field[2] as string);
  }
  if (fields.get('type') !== 'uint8' || fields.get('encoding') !== 'gzip' || fields.get('dimension') !== '3') {
    throw new Error('Only uint8 gzip 3-D label volumes are read.');
  }
  const dims = (fields.get('sizes') ?? '').split(' ').map(Number) as [number, number, number];
  const vectors = [...(fields.get('space directions') ?? '').matchAll(/\(([^)]*)\)/g)].map((v) =>
    (v[1] as string).split(',').map(Number),
  );
  const origin = /\(([^)]*)\)/
    .exec(fields.get('space origin') ?? '')?.[1]
    ?.split(',')
    .map(Number);
  if (dims.length !== 3 || vectors.length !== 3 || origin?.length !== 3)
    throw new Error('The NRRD geometry is incomplete.');
  const toPatient = [0, 1, 2].flatMap((r) => [vectors[0]![r]!, vectors[1]![r]!, vectors[2]![r]!, origin[r]!]);
  const labels = new Uint8Array(gunzipSync(buffer.subarray(end + 2)));
  if (labels.length !== dims[0] * dims[1] * dims[2]) throw new Error('The NRRD data does not fill its grid.');
  return { labels, dims, toPatient, names };
}

/** Enough digits for a micrometre, none of the float noise. */
const num = (x: number) => String(Math.round(x * 1e6) / 1e6);
