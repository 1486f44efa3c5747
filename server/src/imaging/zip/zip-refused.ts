/** The whole archive is refused; `reason` is written for the clinician and the job log. */
export class ZipRefused extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`zip refused: ${reason}`);
    this.name = 'ZipRefused';
    this.reason = reason;
  }
}

/** One entry's data cannot be read (bad deflate stream, truncated archive); the rest may still be fine. */
export class ZipEntryDamaged extends Error {
  readonly path: string;

  constructor(path: string, detail: string) {
    super(`"${path}" cannot be unpacked (${detail})`);
    this.name = 'ZipEntryDamaged';
    this.path = path;
  }
}
