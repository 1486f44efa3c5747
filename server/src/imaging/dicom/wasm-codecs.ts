/**
 * The Cornerstone WebAssembly codecs (JPEG-LS, JPEG 2000, HTJ2K, 8-bit JPEG), each loaded once on first use.
 * They share one API: copy the encoded bytes in, decode, read the frame info and copy the decoded bytes out
 * (the view points into WebAssembly memory, reused by the next call). OpenJPEG prints [INFO] lines on
 * stdout: its print hooks are silenced.
 */
import { createRequire } from 'node:module';

export interface WasmFrameInfo {
  width: number;
  height: number;
  bitsPerSample: number;
  componentCount: number;
  isSigned?: boolean;
}

interface WasmDecoder {
  /** Not in the JPEG-LS codec: its header is only known after decoding. */
  readHeader?(): void;
  getEncodedBuffer(length: number): Uint8Array;
  getDecodedBuffer(): Uint8Array;
  decode(): void;
  getFrameInfo(): WasmFrameInfo;
  delete(): void;
}

type DecoderClass = new () => WasmDecoder;

export type WasmCodecName = 'jpeg-ls' | 'jpeg-2000' | 'htj2k' | 'jpeg-8bit';

const MODULES: Record<WasmCodecName, [specifier: string, className: string]> = {
  'jpeg-ls': ['@cornerstonejs/codec-charls/decodewasmjs', 'JpegLSDecoder'],
  'jpeg-2000': ['@cornerstonejs/codec-openjpeg/decodewasmjs', 'J2KDecoder'],
  htj2k: ['@cornerstonejs/codec-openjph/wasmjs', 'HTJ2KDecoder'],
  'jpeg-8bit': ['@cornerstonejs/codec-libjpeg-turbo-8bit/decodewasmjs', 'JPEGDecoder'],
};

const require = createRequire(import.meta.url);
const loading = new Map<WasmCodecName, Promise<DecoderClass>>();

function load(name: WasmCodecName): Promise<DecoderClass> {
  let pending = loading.get(name);
  if (!pending) {
    const [specifier, className] = MODULES[name];
    const factory = require(specifier) as (options: object) => Promise<Record<string, DecoderClass>>;
    const silent = () => {};
    pending = factory({ print: silent, printErr: silent }).then((module) => module[className]!);
    loading.set(name, pending);
  }
  return pending;
}

export interface WasmDecoded {
  info: WasmFrameInfo;
  /** A copy of the decoded samples (little endian, 1 or 2 bytes per sample). */
  bytes: Uint8Array;
}

/**
 * Decodes one codestream. With `expected`, a header that announces other dimensions is refused before
 * the codec allocates for them (a forged 60000×60000 codestream must not reach decode()).
 */
export async function decodeWithWasm(
  name: WasmCodecName,
  encoded: Uint8Array,
  expected?: { width: number; height: number },
): Promise<WasmDecoded> {
  const Decoder = await load(name);
  const decoder = new Decoder();
  try {
    decoder.getEncodedBuffer(encoded.length).set(encoded);
    if (expected && decoder.readHeader) {
      decoder.readHeader();
      const header = decoder.getFrameInfo();
      // Some builds fill the frame info only while decoding (0×0 here): then only the check after decode holds.
      const known = header.width > 0 && header.height > 0;
      if (known && (header.width !== expected.width || header.height !== expected.height)) {
        throw new Error(
          `codestream is ${header.width}×${header.height}, expected ${expected.width}×${expected.height}`,
        );
      }
    }
    decoder.decode();
    const info = decoder.getFrameInfo();
    return { info: { ...info }, bytes: decoder.getDecodedBuffer().slice() };
  } finally {
    decoder.delete();
  }
}
