// The real, non-cardiac CT in /work/shared/dicom (PROVENANCE.md: a venous-phase abdominal series from
// above the arch to the pelvis, 3 mm slices) must not come out as a left heart made of bone. Read with
// the ingest's own DICOM reader and decoder; skipped where the shared folder is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANATOMY_LABEL, NO_ROOT_WARNING, segmentLeftHeart } from '../../../src/imaging/anatomy/index.ts';
import { decodeFrameHU } from '../../../src/imaging/dicom/decode-frame.ts';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';

const SERIES = '/work/shared/dicom/series/tcia-pancreatic-ct-cbct-seg_philips-brilliance-bigbore_134sl';

describe.skipIf(!existsSync(SERIES))('segmentLeftHeart on the shared non-cardiac CT', () => {
  it('labels no bone as heart: no root found, or a lumen at contrast level only', async () => {
    const slices: {
      z: number;
      hu: Int16Array;
      rows: number;
      columns: number;
      spacing: [number, number];
      position: number[];
    }[] = [];
    for (const name of readdirSync(SERIES).filter((n) => n.endsWith('.dcm'))) {
      const read = readInstance(new Uint8Array(readFileSync(join(SERIES, name))));
      if (!read.ok) continue;
      const frame = read.instance.frames?.[0];
      if (!frame) continue;
      slices.push({
        z: frame.position[2],
        hu: await decodeFrameHU(read.source, 0),
        rows: read.instance.rows,
        columns: read.instance.columns,
        spacing: frame.pixelSpacing,
        position: frame.position,
      });
    }
    slices.sort((a, b) => a.z - b.z);
    const first = slices[0]!;
    const plane = first.rows * first.columns;
    const hu = new Int16Array(plane * slices.length);
    for (const [k, s] of slices.entries()) hu.set(s.hu, k * plane);
    const result = segmentLeftHeart({
      header: {
        dimensions: [first.columns, first.rows, slices.length],
        spacing: [first.spacing[1], first.spacing[0], (slices.at(-1)!.z - first.z) / (slices.length - 1)],
        origin: first.position as [number, number, number],
        direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      },
      hu,
    });
    // Whatever it finds, nothing labelled may be bone (> 700 HU) beyond calcium's own label.
    let boneAsHeart = 0;
    for (let v = 0; v < hu.length; v++) {
      const label = result.labels[v]!;
      if (label !== ANATOMY_LABEL.background && label !== ANATOMY_LABEL.calcium && hu[v]! > 700) boneAsHeart++;
    }
    expect(boneAsHeart).toBeLessThan(200);
    if (!result.found) expect(result.warnings.join(' ')).toContain(NO_ROOT_WARNING);
    console.info(
      `shared CT: found ${result.found}, lumen ${result.details.lumenHU} HU, ${JSON.stringify(result.structures)}; ${result.warnings.join('; ')}`,
    );
  }, 120_000);
});
