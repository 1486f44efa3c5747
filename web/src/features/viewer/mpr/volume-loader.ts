import {
  parseVolumeHeader,
  sliceByteRanges,
  sliceBytes,
  storesBytePlanes,
  VolumeFormatError,
  type VolumeHeader,
} from '@cardiomap/domain';
import { type Inflate, inflateRaw } from './inflate.ts';
import { createSliceSplitter } from './slice-splitter.ts';

/**
 * Streams CardioMap's volume file (study resource type 2) into a voxel array, the middle slices first
 * so the axial pane, which opens there, has its image before the rest arrives.
 *
 * Requests: the header by range; the slices around the middle by one range; then everything after the
 * header as one stream, skipping what is already in. A server that ignores ranges (answers 200) gets
 * the file read in order instead.
 */

export interface VolumeSink {
  /** The header arrived: return the array (all slices, columns fastest) the slices go into. */
  begin(header: VolumeHeader): Int16Array;
  /** These slices are now in the array. */
  slicesLoaded(indices: number[]): void;
}

export type VolumeLoadErrorKind = 'access' | 'network' | 'format';

export class VolumeLoadError extends Error {
  override name = 'VolumeLoadError';
  constructor(
    message: string,
    readonly kind: VolumeLoadErrorKind,
  ) {
    super(message);
  }
}

export interface LoadVolumeOptions {
  url: string;
  sink: VolumeSink;
  signal?: AbortSignal;
  /** Slices fetched first, centred on the middle one. */
  firstSlices?: number;
  fetch?: typeof fetch;
  /** Where slices are inflated; default this thread. */
  inflate?: Inflate;
}

/** Enough for the header of a volume with ~5000 slices; a longer one costs one more request. */
const HEADER_PROBE_BYTES = 64 * 1024;
/** Slices inflating at once: keeps the network read ahead of the inflater without unbounded memory. */
const MAX_INFLATING = 8;

export async function loadVolume({
  url,
  sink,
  signal,
  firstSlices = 8,
  fetch: fetchFn = fetch,
  inflate = inflateRaw,
}: LoadVolumeOptions) {
  const get = (start: number, end?: number) => request(fetchFn, url, start, end, signal);
  const probe = await get(0, HEADER_PROBE_BYTES - 1);
  if (probe.status === 200) return streamSlices(probe, createSliceSplitter(), sink, inflate);

  let bytes = await readAll(probe);
  let parsed = asLoadError(() => parseVolumeHeader(bytes));
  if ('needBytes' in parsed) {
    bytes = await readAll(await get(0, parsed.needBytes - 1));
    parsed = asLoadError(() => parseVolumeHeader(bytes));
    if ('needBytes' in parsed) throw new VolumeLoadError('the volume header is truncated', 'format');
  }
  const { header, dataOffset } = parsed;
  const voxels = sink.begin(header);
  const loaded = new Uint8Array(header.dimensions[2]);

  const [from, to] = middleSlices(header.dimensions[2], firstSlices);
  const ranges = sliceByteRanges(header, dataOffset);
  const first = ranges[from] as { start: number };
  const last = ranges[to - 1] as { end: number };
  const middle = await readAll(await get(first.start, last.end - 1));
  const indices = Array.from({ length: to - from }, (_, n) => from + n);
  await Promise.all(
    indices.map((k) => {
      const range = ranges[k] as { start: number; end: number };
      return inflateSlice(
        inflate,
        middle.subarray(range.start - first.start, range.end - first.start),
        voxels,
        k,
        header,
      );
    }),
  );
  for (const k of indices) loaded[k] = 1;
  sink.slicesLoaded(indices);
  if (to - from === header.dimensions[2]) return header;

  const splitter = createSliceSplitter(header);
  await streamSlices(await get(dataOffset), splitter, sink, inflate, { header, voxels, loaded });
  return header;
}

/** [from, to) of `count` slices centred on the middle slice (index floor(n / 2)). */
export function middleSlices(sliceCount: number, count: number): [number, number] {
  const n = Math.max(1, Math.min(count, sliceCount));
  const from = Math.max(0, Math.min(sliceCount - n, Math.floor(sliceCount / 2) - Math.floor(n / 2)));
  return [from, from + n];
}

async function request(
  fetchFn: typeof fetch,
  url: string,
  start: number,
  end: number | undefined,
  signal?: AbortSignal,
) {
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { Range: `bytes=${start}-${end ?? ''}` }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new VolumeLoadError(`the volume could not be fetched: ${(error as Error).message}`, 'network');
  }
  if (response.ok && response.body) return response;
  if ([401, 403, 404, 410].includes(response.status)) {
    throw new VolumeLoadError(`the volume is not accessible (HTTP ${response.status})`, 'access');
  }
  throw new VolumeLoadError(`the volume could not be fetched (HTTP ${response.status})`, 'network');
}

/** The domain parser's format errors, as load errors the panes can explain. */
function asLoadError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof VolumeFormatError) throw new VolumeLoadError(error.message, 'format');
    throw error;
  }
}

async function readAll(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

interface Progress {
  header: VolumeHeader;
  voxels: Int16Array;
  /** 1 where a slice is already in the voxels. */
  loaded: Uint8Array;
}

/** Feeds a body through the splitter, inflating every slice not loaded yet into the voxels. */
async function streamSlices(
  response: Response,
  splitter: ReturnType<typeof createSliceSplitter>,
  sink: VolumeSink,
  inflate: Inflate,
  known?: Progress,
): Promise<VolumeHeader> {
  let progress = known;
  const inflating: Promise<void>[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const events = asLoadError(() => splitter.push(value));
    if (events.header && !progress) {
      const header = events.header;
      progress = { header, voxels: sink.begin(header), loaded: new Uint8Array(header.dimensions[2]) };
    }
    for (const { index, compressed } of events.slices) {
      const { header, voxels, loaded } = progress as Progress;
      if (loaded[index]) continue;
      const job = inflateSlice(inflate, compressed, voxels, index, header).then(() => {
        loaded[index] = 1;
        sink.slicesLoaded([index]);
      });
      job.catch(() => undefined);
      inflating.push(job);
      if (inflating.length >= MAX_INFLATING) await inflating.shift();
    }
  }
  await Promise.all(inflating);
  if (!progress || !splitter.done) throw new VolumeLoadError('the volume ended before its last slice', 'format');
  return progress.header;
}

/** Inflates one slice and puts it in its place in the voxel array. */
async function inflateSlice(
  inflate: Inflate,
  compressed: Uint8Array,
  voxels: Int16Array,
  index: number,
  header: Pick<VolumeHeader, 'dimensions' | 'version'>,
): Promise<void> {
  const length = sliceBytes(header);
  let raw: Uint8Array;
  try {
    raw = await inflate(compressed, length, storesBytePlanes(header));
  } catch (error) {
    throw new VolumeLoadError(`slice ${index}: ${(error as Error).message}`, 'format');
  }
  new Uint8Array(voxels.buffer, voxels.byteOffset + index * length, length).set(raw);
}
