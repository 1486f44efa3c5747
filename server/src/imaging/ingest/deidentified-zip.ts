import { once } from 'node:events';
import { closeSync, openSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
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
  const fd = openSync(path, 'w');
  // Written synchronously: a few hundred µs per file into the page cache, where an async write would
  // queue on libuv's thread pool behind the volume's deflate jobs and stall the whole pass.
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at, chunk.length - at);
        written += chunk.length;
        done();
        this.emit('progress');
      } catch (error) {
        done(error as Error);
      }
    },
    final(done) {
      closeOnce();
      done();
    },
    destroy(error, done) {
      closeOnce();
      done(error);
    },
  });
  let open = true;
  const closeOnce = () => {
    if (open) closeSync(fd);
    open = false;
  };
  const finished = pipeline(zip.outputStream as unknown as Readable, counter);
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
