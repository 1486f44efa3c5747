/**
 * What an uploaded archive may declare before we read a byte of its data. The defaults fit a CT upload
 * (a few thousand slices of ~0.5 MB, or a few large multi-frame files) with a wide margin, and stop
 * archives built to exhaust disk, memory or time.
 */
export interface ZipLimits {
  /** Entries in the central directory (folders and junk included). A CT study rarely passes 5,000. */
  maxEntries: number;
  /** Declared uncompressed size of one entry. A 2,000-frame enhanced CT is ~1 GB. */
  maxEntryBytes: number;
  /** Declared uncompressed size of all entries together. */
  maxTotalBytes: number;
  /**
   * Highest uncompressed/compressed ratio for an entry large enough to matter (see `ratioFloorBytes`),
   * and for the archive as a whole. Deflate cannot exceed ~1030:1, and bombs sit near that; real CT
   * slices measured 2–10:1, and uniform phantom or padded slices 50–200:1.
   */
  maxCompressionRatio: number;
  /** Entries below this declared size are not ratio-checked: a tiny, highly compressible file harms no one. */
  ratioFloorBytes: number;
  /**
   * The archive as a whole is ratio-checked once it declares this much: it catches bombs made of many
   * small entries, while a few hundred MB of noiseless synthetic slices (which do compress 200:1) pass.
   */
  archiveRatioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxEntries: 20_000,
  maxEntryBytes: 1024 ** 3,
  maxTotalBytes: 16 * 1024 ** 3,
  maxCompressionRatio: 400,
  ratioFloorBytes: 8 * 1024 ** 2,
  archiveRatioFloorBytes: 1024 ** 3,
});

export function resolveZipLimits(overrides: Partial<ZipLimits> | undefined): ZipLimits {
  return { ...DEFAULT_ZIP_LIMITS, ...overrides };
}
