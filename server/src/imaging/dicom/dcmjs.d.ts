/** The slice of dcmjs (untyped) this folder uses: the PS3.6 dictionary and, in tests, its Part-10 reader. */
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
        naturalizeDataset(dataset: unknown): Record<string, unknown>;
      };
      DicomMessage: {
        readFile(buffer: ArrayBuffer, options?: Record<string, unknown>): { meta: unknown; dict: unknown };
      };
    };
  };
  export default dcmjs;
}
