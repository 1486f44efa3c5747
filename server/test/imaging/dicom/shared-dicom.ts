/** The shared real-DICOM folder (`/work/shared/dicom` beside the repo): tests using it skip when it is absent. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `SHARED_DICOM_DIR` points elsewhere, e.g. from a git worktree whose parent folder has no shared/. */
export const SHARED_DICOM = process.env.SHARED_DICOM_DIR
  ? `${resolve(process.env.SHARED_DICOM_DIR)}/`
  : fileURLToPath(new URL('../../../../../shared/dicom/', import.meta.url));
export const HAS_SHARED_DICOM = existsSync(join(SHARED_DICOM, 'corpus'));
export const SERIES_DIR = join(SHARED_DICOM, 'series/tcia-pancreatic-ct-cbct-seg_philips-brilliance-bigbore_134sl');

if (!HAS_SHARED_DICOM) console.warn(`Skipping real-DICOM tests: ${SHARED_DICOM} is missing`);

/** Every file under `dir`, as paths relative to the shared folder, sorted. */
export function listFiles(dir = SHARED_DICOM): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(SHARED_DICOM, path));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

export function readShared(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(SHARED_DICOM, path)));
}
