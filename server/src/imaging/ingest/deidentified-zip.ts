import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** Bytes handed to yazl but not yet on disk before `add` waits: keeps memory flat on a slow disk. */
const MAX_UNWRITTEN_BYTES = 32 * 1024 * 1024;

export interface DeidentifiedZip {
  /** Adds one file, stored (DICOM pixels barely compress and stored is fastest to read back). */
  add(name: string, bytes: Uint8Array): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/** Writes the pseudonymised DICOM files into one zip, streamed to `path`. */
export function createDeidentifiedZip(path: string): DeidentifiedZip {
  const zip = new yazl.ZipFile();
  let added = 0;
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done(null, chunk);
      this.emit('progress');
    },
  });
  const finished = pipeline(zip.outputStream as unknown as Readable, counter, createWriteStream(path));
  finished.catch(() => undefined);

  return {
    async add(name, bytes) {
      // yazl's addBuffer keeps every buffer until the zip ends (its pump closure holds it): a lazy stream
      // lets each file go once written, so memory stays flat in the number of files.
      let pending: Buffer | null = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      zip.addReadStreamLazy(name, { compress: false, size: bytes.byteLength }, (ready) => {
        const data = pending;
        pending = null;
        ready(null, Readable.from([data as Buffer], { objectMode: false }));
      });
      added += bytes.byteLength;
      while (added - written > MAX_UNWRITTEN_BYTES) await Promise.race([once(counter, 'progress'), finished]);
    },
    async finish() {
      zip.end();
      await finished;
    },
    async abort() {
      counter.destroy();
      await finished.catch(() => undefined);
      await rm(path, { force: true });
    },
  };
}
