import type { RestOfVolume, VolumeLoadErrorKind } from './volume-loader.ts';

/** What the page asks an inflate worker. */
export type WorkerRequest =
  | { type: 'inflate'; id: number; compressed: Uint8Array; length: number; bytePlanes: boolean }
  | { type: 'stream'; id: number; rest: RestOfVolume }
  | { type: 'abort'; id: number };

/** What an inflate worker answers: an inflated slice, a streamed slice, the stream's end, or an error. */
export interface WorkerReply {
  id: number;
  raw?: Uint8Array;
  slice?: { index: number; raw: Uint8Array };
  done?: true;
  error?: string;
  kind?: VolumeLoadErrorKind;
  aborted?: boolean;
}
