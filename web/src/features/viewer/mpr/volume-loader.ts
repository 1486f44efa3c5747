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
  /**
   * Slices fetched first, centred on the middle one: the axial pane opens on the middle slice, and each
   * one more is ~0.5 MB to inflate and copy before the first image.
   */
  firstSlices?: number;
  fetch?: typeof fetch;
  /**
   * Where the slices after the middle ones are inflated when they are read here; default this thread.
   * The middle slices are always inflated here: a worker has to fetch and compile its script first,
   * which took longer (~150 ms cold) than inflating those few slices natively here (~10–20 ms).
   */
  inflate?: Inflate;
  /**
   * Reads the slices after the middle ones somewhere else (a worker: the body is then read there too,
   * so the download does not stall while this thread draws). Default: read and inflated from here.
   */
  streamRest?: StreamRest;
}

/** What the rest of a volume's stream needs: one Range request from `dataOffset`, skipping `loaded`. */
export interface RestOfVolume {
  url: string;
  dataOffset: number;
  header: VolumeHeader;
  loaded: Uint8Array;
}

/** Streams the rest of a volume, handing over each slice's little-endian bytes as it is inflated. */
export type StreamRest = (
  rest: RestOfVolume,
  onSlice: (index: number, raw: Uint8Array) => void,
  signal?: AbortSignal,
) => Promise<void>;

/** Enough for the header of a volume with ~5000 slices; a longer one costs one more request. */
const HEADER_PROBE_BYTES = 64 * 1024;
/** Slices inflating at once: keeps the network read ahead of the inflater without unbounded memory. */
const MAX_INFLATING = 8;

export async function loadVolume({
  url,
  sink,
  signal,
  firstSlices = 1,
  fetch: fetchFn = fetch,
  inflate = inflateRaw,
  streamRest,
}: LoadVolumeOptions) {
  const get = (start: number, end?: number) => request(fetchFn, url, start, end, signal);
  const probe = await get(0, HEADER_PROBE_BYTES - 1);
  if (probe.status === 200) return streamIntoSink(probe, createSliceSplitter(), sink, inflate);

  let bytes = await readAll(probe);
  let parsed = asLoadError(() => parseVolumeHeader(bytes));
  if ('needBytes' in parsed) {
    bytes = await readAll(await get(0, parsed.needBytes - 1));
    parsed = asLoadError(() => parseVolumeHeader(bytes));
    if ('needBytes' in parsed) throw new VolumeLoadError('the volume header is truncated', 'format');
  }
  const { header, dataOffset } = parsed;
  const [from, to] = middleSlices(header.dimensions[2], firstSlices);
  const ranges = sliceByteRanges(header, dataOffset);
  const first = ranges[from] as { start: number };
  const last = ranges[to - 1] as { end: number };
  // Asked for before the voxel array is made: zeroing a 262 MB array takes the main thread a while,
  // and the first image waits for these slices.
  const middleResponse = get(first.start, last.end - 1);
  // Awaited below once the voxels exist; marked handled so a failure meanwhile is not an unhandled rejection.
  middleResponse.catch(() => undefined);
  const voxels = sink.begin(header);
  const loaded = new Uint8Array(header.dimensions[2]);
  const middle = await readAll(await middleResponse);
  const indices = Array.from({ length: to - from }, (_, n) => from + n);
  const progress: Progress = { header, voxels, loaded };
  await Promise.all(
    indices.map(async (k) => {
      const range = ranges[k] as { start: number; end: number };
      const compressed = middle.subarray(range.start - first.start, range.end - first.start);
      putSlice(progress, k, await inflateOne(inflateRaw, compressed, k, header));
    }),
  );
  sink.slicesLoaded(indices);
  if (to - from === header.dimensions[2]) return header;

  if (streamRest) {
    await streamRest(
      { url, dataOffset, header, loaded: loaded.slice() },
      (index, raw) => {
        putSlice(progress, index, raw);
        sink.slicesLoaded([index]);
      },
      signal,
    );
    if (loaded.some((isIn) => !isIn)) throw new VolumeLoadError('the volume ended before its last slice', 'format');
    return header;
  }
  const splitter = createSliceSplitter(header);
  await streamIntoSink(await get(dataOffset), splitter, sink, inflate, progress);
  return header;
}

/**
 * The rest of a volume read where this runs (a worker's side of `streamRest`): the slices from
 * `dataOffset` by one Range request, each not loaded yet inflated and handed to `onSlice`.
 */
export async function streamRestOfVolume(
  { url, dataOffset, header, loaded }: RestOfVolume,
  onSlice: (index: number, raw: Uint8Array) => void,
  {
    fetch: fetchFn = fetch,
    signal,
    inflate = inflateRaw,
  }: { fetch?: typeof fetch; signal?: AbortSignal; inflate?: Inflate } = {},
): Promise<void> {
  const response = await request(fetchFn, url, dataOffset, undefined, signal);
  const splitter = createSliceSplitter(header);
  await streamSlices(
    response,
    splitter,
    inflate,
    (index) => loaded[index] === 1,
    (index, raw) => {
      loaded[index] = 1;
      onSlice(index, raw);
    },
  );
  if (!splitter.done) throw new VolumeLoadError('the volume ended before its last slice', 'format');
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
async function streamIntoSink(
  response: Response,
  splitter: ReturnType<typeof createSliceSplitter>,
  sink: VolumeSink,
  inflate: Inflate,
  known?: Progress,
): Promise<VolumeHeader> {
  let progress = known;
  await streamSlices(
    response,
    splitter,
    inflate,
    (index) => progress?.loaded[index] === 1,
    (index, raw) => {
      putSlice(progress as Progress, index, raw);
      sink.slicesLoaded([index]);
    },
    (header) => {
      progress ??= { header, voxels: sink.begin(header), loaded: new Uint8Array(header.dimensions[2]) };
      return progress.header;
    },
  );
  if (!progress || !splitter.done) throw new VolumeLoadError('the volume ended before its last slice', 'format');
  return progress.header;
}

/**
 * Reads a body through the splitter and inflates each slice `isLoaded` does not know, a few at a time,
 * handing each one's little-endian bytes to `onSlice`. `onHeader` hears the header when the body
 * carries it (a read from the file start).
 */
async function streamSlices(
  response: Response,
  splitter: ReturnType<typeof createSliceSplitter>,
  inflate: Inflate,
  isLoaded: (index: number) => boolean,
  onSlice: (index: number, raw: Uint8Array) => void,
  onHeader?: (header: VolumeHeader) => VolumeHeader,
): Promise<void> {
  let header = splitter.header;
  const inflating: Promise<void>[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const events = asLoadError(() => splitter.push(value));
    if (events.header) header = onHeader ? onHeader(events.header) : events.header;
    for (const { index, compressed } of events.slices) {
      if (isLoaded(index)) continue;
      const job = inflateOne(inflate, compressed, index, header as VolumeHeader).then((raw) => onSlice(index, raw));
      // Awaited through `inflating` below; marked handled so a failure is not reported unhandled before then.
      job.catch(() => undefined);
      inflating.push(job);
      if (inflating.length >= MAX_INFLATING) await inflating.shift();
    }
  }
  await Promise.all(inflating);
}

/** Inflates one slice into its little-endian bytes. */
async function inflateOne(
  inflate: Inflate,
  compressed: Uint8Array,
  index: number,
  header: Pick<VolumeHeader, 'dimensions' | 'version'>,
): Promise<Uint8Array> {
  try {
    return await inflate(compressed, sliceBytes(header), storesBytePlanes(header));
  } catch (error) {
    throw new VolumeLoadError(`slice ${index}: ${(error as Error).message}`, 'format');
  }
}

/** Puts a slice's bytes in its place in the voxel array. */
function putSlice({ header, voxels, loaded }: Progress, index: number, raw: Uint8Array) {
  const length = sliceBytes(header);
  new Uint8Array(voxels.buffer, voxels.byteOffset + index * length, length).set(raw);
  loaded[index] = 1;
}
