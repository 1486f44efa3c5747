import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, deflateRawSync } from 'node:zlib';
import yazl from 'yazl';

export interface FixtureEntry {
  name: string;
  data?: Buffer;
  /** A file on disk to add as this entry. */
  file?: string;
  compress?: boolean;
  mode?: number;
}

/** Writes a zip with yazl (which itself refuses unsafe names: hostile names are patched in afterwards). */
export async function writeZip(path: string, entries: FixtureEntry[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    const options = { compress: e.compress ?? true, ...(e.mode === undefined ? {} : { mode: e.mode }) };
    if (e.name.endsWith('/')) zip.addEmptyDirectory(e.name);
    else if (e.file !== undefined) zip.addFile(e.file, e.name, options);
    else zip.addBuffer(e.data ?? Buffer.alloc(0), e.name, options);
  }
  zip.end();
  await pipeline(zip.outputStream as unknown as Readable, createWriteStream(path));
}

/** Replaces an entry name in both the local header and the central directory (same byte length). */
export async function renameInZip(path: string, from: string, to: string): Promise<void> {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('names must have the same length');
  const buf = await readFile(path);
  const a = Buffer.from(from);
  let at = buf.indexOf(a);
  while (at !== -1) {
    Buffer.from(to).copy(buf, at);
    at = buf.indexOf(a, at + 1);
  }
  await writeFile(path, buf);
}

/** Sets general-purpose flag bits on every local and central header. */
export async function setFlagBits(path: string, bits: number): Promise<void> {
  const buf = await readFile(path);
  forEachHeader(buf, 0x04034b50, (at) => buf.writeUInt16LE(buf.readUInt16LE(at + 6) | bits, at + 6));
  forEachHeader(buf, 0x02014b50, (at) => buf.writeUInt16LE(buf.readUInt16LE(at + 8) | bits, at + 8));
  await writeFile(path, buf);
}

/** Makes the central directory (and local headers) declare a smaller uncompressed size than the data holds. */
export async function understateSizes(path: string, declared: number): Promise<void> {
  const buf = await readFile(path);
  forEachHeader(buf, 0x04034b50, (at) => {
    if (buf.readUInt32LE(at + 22) !== 0) buf.writeUInt32LE(declared, at + 22);
  });
  forEachHeader(buf, 0x02014b50, (at) => buf.writeUInt32LE(declared, at + 24));
  await writeFile(path, buf);
}

function forEachHeader(buf: Buffer, signature: number, visit: (at: number) => void): void {
  const sig = Buffer.alloc(4);
  sig.writeUInt32LE(signature);
  let at = buf.indexOf(sig);
  while (at !== -1) {
    visit(at);
    at = buf.indexOf(sig, at + 4);
  }
}

/** A zip of `count` empty stored files, written directly (yazl takes minutes for 100,000 entries). */
export async function writeEmptyEntriesZip(path: string, count: number): Promise<void> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const name = Buffer.from(`e${i}`);
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(10, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    name.copy(central, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  // Zip64 end records: the classic record counts only up to 65,535 entries.
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4);
  zip64End.writeUInt16LE(45, 12);
  zip64End.writeUInt16LE(45, 14);
  zip64End.writeBigUInt64LE(BigInt(count), 24);
  zip64End.writeBigUInt64LE(BigInt(count), 32);
  zip64End.writeBigUInt64LE(BigInt(directory.length), 40);
  zip64End.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  await writeFile(path, Buffer.concat([...locals, directory, zip64End, locator, end]));
}

/**
 * A zip whose one entry inflates to `total` zero bytes, built in milliseconds: a sync-flushed deflate
 * block of zeros repeated (valid, since every back-reference lands on zeros), then a final empty block.
 */
export async function writeZeroBombZip(path: string, total: number, name = 'zeros.dcm'): Promise<void> {
  const chunk = 1_000_000;
  if (total % chunk !== 0) throw new Error(`total must be a multiple of ${chunk}`);
  const block = deflateRawSync(Buffer.alloc(chunk), { finishFlush: constants.Z_SYNC_FLUSH });
  const data = Buffer.concat([...Array.from({ length: total / chunk }, () => block), Buffer.from([0x03, 0x00])]);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(total, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(total, 24);
  central.writeUInt16LE(fileName.length, 28);
  const directoryStart = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(directoryStart, 16);
  await writeFile(path, Buffer.concat([local, fileName, data, central, fileName, end]));
}
