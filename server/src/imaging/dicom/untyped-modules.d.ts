/** The slices of untyped packages this folder uses. dcmjs: the PS3.6 dictionary and, in tests, its Part-10 reader. */
declare module 'dcmjs' {
  interface DictionaryEntry {
    tag: string;
    vr: string;
    vm: string;
    name: string;
  }
  const dcmjs: {
    data: {
      DicomMetaDictionary: {
        dictionary: Record<string, DictionaryEntry | undefined>;
        /** Keyword ('ImagePositionPatient') → entry. */
        nameMap: Record<string, DictionaryEntry | undefined>;
        naturalizeDataset(dataset: unknown): Record<string, unknown>;
      };
      DicomMessage: {
        readFile(buffer: ArrayBuffer, options?: Record<string, unknown>): { meta: unknown; dict: unknown };
      };
    };
  };
  export default dcmjs;
}

/** jpeg-lossless-decoder-js 2.1.2 names a .d.ts it does not ship. */
declare module 'jpeg-lossless-decoder-js' {
  export class Decoder {
    decode(buffer: ArrayBuffer, offset?: number, length?: number, numBytes?: number): Uint8Array | Uint16Array;
  }
}
