/**
 * Writes `volume-hashes.json` beside this file: the fingerprints of the volumes this checkout builds
 * from ../shared/dicom. Run once on the reference commit (`node --import tsx <this file>` from server/);
 * the identity test compares every later checkout with them.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { HAS_SHARED_DICOM } from '../dicom/shared-dicom.ts';
import { volumeFingerprints } from './volume-hashes.ts';

if (!HAS_SHARED_DICOM) throw new Error('../shared/dicom is missing: nothing to record');
const fingerprints = await volumeFingerprints();
const path = fileURLToPath(new URL('./volume-hashes.json', import.meta.url));
await writeFile(path, `${JSON.stringify(fingerprints, null, 2)}\n`);
console.info(`${Object.keys(fingerprints).length} volume fingerprints written to ${path}`);
