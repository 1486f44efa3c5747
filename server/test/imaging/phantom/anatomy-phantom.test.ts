import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFrameHU } from '../../../src/imaging/dicom/decode-frame.ts';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { ingestZip } from '../../../src/imaging/ingest/ingest-zip.ts';
import {
  type AnatomyPhantom,
  anatomyPhantom,
  anatomyVariant,
  LABEL,
} from '../../../src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';
import { craForLao, detectorDirection } from '../../../src/imaging/testing/anatomy-phantom/c-arm.ts';
import { anatomyPhantomSlice, writeAnatomyPhantomZip } from '../../../src/imaging/testing/anatomy-phantom/dicom.ts';
import { cross, normalize, type Vec3 } from '../../../src/imaging/testing/anatomy-phantom/geometry.ts';
import { labelAt } from '../../../src/imaging/testing/anatomy-phantom/rasterise.ts';
import { differingVoxels, scratch } from '../ingest/ingest-fixtures.ts';

function seedWhere(test: (v: ReturnType<typeof anatomyVariant>) => boolean): number {
  for (let seed = 1; seed < 1000; seed++) if (test(anatomyVariant(seed))) return seed;
  throw new Error('no such seed');
}

/**
 * The cross-section of `labels` in the plane through `centre` with normal `normal`, sampled every 0.1 mm
 * from the nearest voxel within `radius`: its area, and its extent along `axis` and across it.
 */
function section(p: AnatomyPhantom, labels: number[], centre: Vec3, normal: Vec3, axis: Vec3, radius: number) {
  const u = normalize(axis);
  const w = cross(normal, u);
  const step = 0.1;
  let count = 0;
  const inside = (x: number, y: number) =>
    labels.includes(
      labelAt(p.labels, p, [
        centre[0] + x * u[0] + y * w[0],
        centre[1] + x * u[1] + y * w[1],
        centre[2] + x * u[2] + y * w[2],
      ]),
    );
  for (let x = -radius; x <= radius; x += step) for (let y = -radius; y <= radius; y += step) if (inside(x, y)) count++;
  const extent = (dx: number, dy: number) => {
    let plus = 0;
    while (plus < radius && inside(dx * plus, dy * plus)) plus += step;
    let minus = 0;
    while (minus < radius && inside(-dx * minus, -dy * minus)) minus += step;
    return plus + minus;
  };
  return { area: count * step * step, along: extent(1, 0), across: extent(0, 1) };
}

function countLabel(p: AnatomyPhantom, label: number): number {
  let n = 0;
  for (const l of p.labels) if (l === label) n++;
  return n;
}

describe('anatomyVariant', () => {
  it('is the same for the same seed and differs between seeds', () => {
    expect(anatomyVariant(5)).toEqual(anatomyVariant(5));
    expect(anatomyVariant(5).annulusDiameter).not.toBe(anatomyVariant(6).annulusDiameter);
  });

  it('spans the ranges of issue 31 over 400 seeds', () => {
    const vs = Array.from({ length: 400 }, (_, i) => anatomyVariant(i + 1));
    const span = (key: keyof (typeof vs)[number]) => {
      const values = vs.map((v) => v[key] as number);
      return [Math.min(...values), Math.max(...values)];
    };
    const within = (key: keyof (typeof vs)[number], low: number, high: number, slack: number) => {
      const [min, max] = span(key);
      expect(min, `${String(key)} min`).toBeGreaterThanOrEqual(low);
      expect(max, `${String(key)} max`).toBeLessThanOrEqual(high);
      expect(min, `${String(key)} reaches low`).toBeLessThan(low + slack);
      expect(max, `${String(key)} reaches high`).toBeGreaterThan(high - slack);
    };
    within('annulusDiameter', 19, 31, 0.5);
    within('tiltDeg', 30, 60, 1);
    within('contrastHU', 250, 550, 10);
    within('rightHeartHU', 110, 200, 5);
    within('noiseHU', 15, 45, 1);
    within('annulusRatio', 0.7, 0.95, 0.02);
    within('wallThickness', 2.5, 3, 0.05);
    for (const flag of ['boneTouchingAorta', 'archCutOff', 'laaPoorlyFilled'] as const) {
      const share = vs.filter((v) => v[flag]).length / vs.length;
      expect(share, flag).toBeGreaterThan(0.15);
      expect(share, flag).toBeLessThan(0.45);
    }
    expect(new Set(vs.map((v) => v.laaMorphology)).size).toBe(4);
    for (const v of vs) {
      expect(v.boneTouchingAorta ? v.spineGap < 1 : v.spineGap >= 4).toBe(true);
      expect(Math.max(v.leftOstiumHeight, v.rightOstiumHeight)).toBeLessThan(v.stjHeight - 3.9);
    }
  });
});

describe('optimal projection curve', () => {
  it('views the annulus edge-on, with LAO/CRA positive towards left/head', () => {
    // A normal tilted 30° anterior: from AP the annulus is edge-on at CAU 30.
    const n: Vec3 = [0, -Math.sin(Math.PI / 6), Math.cos(Math.PI / 6)];
    expect(craForLao(n, 0)).toBeCloseTo(-30, 9);
    expect(detectorDirection({ lao: 90, cra: 0 })[0]).toBeCloseTo(1, 9);
    expect(detectorDirection({ lao: 0, cra: 90 })[2]).toBeCloseTo(1, 9);
    const p = anatomyPhantom(3, { spacing: 3, clean: true });
    for (const c of p.truth.projectionCurve) {
      const d = detectorDirection(c);
      const normal = p.truth.annulus.normal;
      expect(Math.abs(d[0] * normal[0] + d[1] * normal[1] + d[2] * normal[2])).toBeLessThan(1e-9);
    }
  });
});

describe('anatomyPhantom at 1 mm', () => {
  let p: AnatomyPhantom;
  beforeAll(() => {
    p = anatomyPhantom(3, { spacing: 1, maxSlices: 400 });
  });

  it('is the same for the same seed, and another seed is another phantom', () => {
    const once = anatomyPhantom(3, { spacing: 2 });
    const again = anatomyPhantom(3, { spacing: 2 });
    const other = anatomyPhantom(4, { spacing: 2 });
    const bytes = (a: Int16Array | Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    expect(bytes(again.hu).equals(bytes(once.hu))).toBe(true);
    expect(bytes(again.labels).equals(bytes(once.labels))).toBe(true);
    expect(again.truth).toEqual(once.truth);
    expect(bytes(other.labels).equals(bytes(once.labels))).toBe(false);
  });

  it('holds every cardiac label and sizes the grid as asked', () => {
    expect(p.dims[0] * p.dims[1] * p.dims[2]).toBe(p.labels.length);
    expect(p.hu.length).toBe(p.labels.length);
    expect(p.spacing).toEqual([1, 1, 1]);
    for (const label of [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13])
      expect(countLabel(p, label), `label ${label}`).toBeGreaterThan(0);
  });

  it('rasterises the root + LVOT to its analytic volume within 3 %', () => {
    const ml = countLabel(p, LABEL.aorticRoot) / 1000;
    expect(Math.abs(ml / p.truth.rootVolumeMl - 1)).toBeLessThan(0.03);
  });

  it('has the annulus of its truth in the label volume (area-derived diameter within 0.5 mm)', () => {
    const a = p.truth.annulus;
    const s = section(p, [LABEL.aorticRoot], a.centre, a.normal, a.majorAxis, 25);
    const measured = 2 * Math.sqrt(s.area / Math.PI);
    expect(Math.abs(measured - a.areaDerivedDiameter)).toBeLessThan(0.5);
    // Nearest-voxel sampling in an oblique plane moves each end by up to half a voxel's diagonal.
    expect(Math.abs(s.along - a.maxDiameter)).toBeLessThan(Math.sqrt(3));
    expect(Math.abs(s.across - a.minDiameter)).toBeLessThan(Math.sqrt(3));
  });

  it('has the LAA ostium of its truth in the label volume (area-derived diameter within 0.7 mm)', () => {
    const t = p.truth.laa;
    const s = section(p, [LABEL.leftAtrium, LABEL.laa], t.ostiumCentre, t.ostiumNormal, t.ostiumMajorAxis, 20);
    const measured = 2 * Math.sqrt(s.area / Math.PI);
    expect(Math.abs(measured - t.ostium.areaDerivedDiameter)).toBeLessThan(0.7);
    expect(Math.abs(s.along - t.ostium.maxDiameter)).toBeLessThan(Math.sqrt(3));
  });

  it('has the LVOT, sinus and STJ of its truth in the label volume', () => {
    const { annulus, lvot, sinus, stj } = p.truth;
    const l = section(p, [LABEL.aorticRoot], lvot.centre, lvot.normal, annulus.majorAxis, 25);
    expect(Math.abs(2 * Math.sqrt(l.area / Math.PI) - lvot.areaDerivedDiameter)).toBeLessThan(0.5);
    const mid = annulus.centre.map((x, i) => x + sinus.height * annulus.normal[i]!) as Vec3;
    for (const cusp of ['right', 'left', 'non-coronary'] as const) {
      // The hinge point lies in the cusp's direction from the root axis.
      const towards = annulus.hingePoints[cusp].map((x, i) => x - annulus.centre[i]!) as Vec3;
      const s = section(p, [LABEL.aorticRoot], mid, annulus.normal, towards, 25);
      expect(Math.abs(s.along - sinus.diameters[cusp]), cusp).toBeLessThan(Math.sqrt(3));
    }
    const j = section(p, [LABEL.aorticRoot, LABEL.aorta], stj.centre, annulus.normal, annulus.majorAxis, 25);
    expect(Math.abs(2 * Math.sqrt(j.area / Math.PI) - stj.diameter)).toBeLessThan(0.5);
  });

  it('reaches the LAA depth of its truth in the label volume', () => {
    const { ostiumCentre: c, ostiumNormal: n, depth } = p.truth.laa;
    const [nx, ny, nz] = p.dims;
    let deepest = 0;
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++)
        for (let i = 0; i < nx; i++) {
          if (p.labels[(k * ny + j) * nx + i] !== LABEL.laa) continue;
          const q = [
            p.origin[0] + i * p.spacing[0] - c[0],
            p.origin[1] + j * p.spacing[1] - c[1],
            p.origin[2] + k * p.spacing[2] - c[2],
          ];
          deepest = Math.max(deepest, q[0]! * n[0] + q[1]! * n[1] + q[2]! * n[2]);
        }
    expect(deepest).toBeLessThanOrEqual(depth);
    expect(deepest).toBeGreaterThan(depth - Math.sqrt(3));
  });

  it('puts each coronary ostium on the root wall at its height above the annulus', () => {
    const { annulus, coronaryOstia } = p.truth;
    for (const o of [coronaryOstia.left, coronaryOstia.right]) {
      const d = [0, 1, 2].map((i) => o.position[i]! - annulus.centre[i]!);
      const height = d[0]! * annulus.normal[0] + d[1]! * annulus.normal[1] + d[2]! * annulus.normal[2];
      expect(height).toBeCloseTo(o.heightAboveAnnulus, 6);
      expect(o.heightAboveAnnulus).toBeGreaterThan(8.9);
      // Just inside: root lumen; 3 mm out along the root's radius: the coronary artery.
      const radial = normalize(d.map((x, i) => x - height * annulus.normal[i]!) as Vec3);
      const at = (mm: number) => o.position.map((x, i) => x + mm * radial[i]!) as Vec3;
      expect(labelAt(p.labels, p, at(-1.5))).toBe(LABEL.aorticRoot);
      expect(labelAt(p.labels, p, at(3))).toBe(LABEL.coronary);
    }
  });

  it('adds noise of the requested σ (measured deep in the LV cavity)', () => {
    const [nx, ny, nz] = p.dims;
    const values: number[] = [];
    const r = 4;
    for (let k = r; k < nz - r; k += 2)
      for (let j = r; j < ny - r; j += 2)
        for (let i = r; i < nx - r; i += 2) {
          if (p.labels[(k * ny + j) * nx + i] !== LABEL.lvCavity) continue;
          let deep = true;
          for (let dk = -r; dk <= r && deep; dk += r)
            for (let dj = -r; dj <= r && deep; dj += r)
              for (let di = -r; di <= r && deep; di += r)
                if (p.labels[((k + dk) * ny + j + dj) * nx + i + di] !== LABEL.lvCavity) deep = false;
          if (deep) values.push(p.hu[(k * ny + j) * nx + i]!);
        }
    expect(values.length).toBeGreaterThan(1000);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
    expect(Math.abs(mean - p.params.contrastHU)).toBeLessThan(3);
    expect(Math.abs(sd / p.params.noiseHU - 1)).toBeLessThan(0.08);
  });
});

describe('anatomyPhantom annulus over more seeds', () => {
  it('matches its truth in the label volume for two more variants at 1 mm', () => {
    for (const seed of [11, 12]) {
      const p = anatomyPhantom(seed, { spacing: 1, maxSlices: 400, clean: true });
      const a = p.truth.annulus;
      const s = section(p, [LABEL.aorticRoot], a.centre, a.normal, a.majorAxis, 25);
      expect(Math.abs(2 * Math.sqrt(s.area / Math.PI) - a.areaDerivedDiameter), `seed ${seed}`).toBeLessThan(0.5);
      const t = p.truth.laa;
      const l = section(p, [LABEL.leftAtrium, LABEL.laa], t.ostiumCentre, t.ostiumNormal, t.ostiumMajorAxis, 20);
      expect(Math.abs(2 * Math.sqrt(l.area / Math.PI) - t.ostium.areaDerivedDiameter), `seed ${seed}`).toBeLessThan(
        0.7,
      );
    }
  });
});

describe('anatomyPhantom variants', () => {
  const topSliceAortaBlobs = (p: AnatomyPhantom) => {
    const [nx, ny, nz] = p.dims;
    const base = (nz - 1) * nx * ny;
    const seen = new Uint8Array(nx * ny);
    let blobs = 0;
    for (let start = 0; start < nx * ny; start++) {
      if (seen[start] || p.labels[base + start] !== LABEL.aorta) continue;
      blobs++;
      const stack = [start];
      seen[start] = 1;
      while (stack.length) {
        const at = stack.pop()!;
        const i = at % nx;
        const j = Math.floor(at / nx);
        for (const [di, dj] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const ii = i + di;
          const jj = j + dj;
          const n = jj * nx + ii;
          if (ii < 0 || jj < 0 || ii >= nx || jj >= ny || seen[n] || p.labels[base + n] !== LABEL.aorta) continue;
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    return blobs;
  };

  it('starts below the arch when the arch is cut off: ascending and descending apart in the top slice', () => {
    const cut = anatomyPhantom(
      seedWhere((v) => v.archCutOff),
      { spacing: 1.5, clean: true },
    );
    const top = cut.origin[2] + (cut.dims[2] - 1) * cut.spacing[2];
    expect(top).toBeLessThan(cut.truth.archTop[2] - 15);
    expect(topSliceAortaBlobs(cut)).toBe(2);
    const whole = anatomyPhantom(
      seedWhere((v) => !v.archCutOff),
      { spacing: 1.5, clean: true },
    );
    expect(whole.origin[2] + (whole.dims[2] - 1) * whole.spacing[2]).toBeGreaterThan(whole.truth.archTop[2] + 10);
    expect(topSliceAortaBlobs(whole)).toBe(0);
  });

  const boneNextToAorta = (p: AnatomyPhantom) => {
    const [nx, ny, nz] = p.dims;
    let touching = 0;
    for (let k = 1; k < nz - 1; k++)
      for (let j = 1; j < ny - 1; j++)
        for (let i = 1; i < nx - 1; i++) {
          const index = (k * ny + j) * nx + i;
          if (p.labels[index] !== LABEL.aorta) continue;
          for (const step of [1, -1, nx, -nx])
            if (p.labels[index + step] === LABEL.bone || p.labels[index + 2 * step] === LABEL.bone) touching++;
        }
    return touching;
  };

  it('puts the descending aorta against the spine only in the bone-touching variants', () => {
    const touching = anatomyPhantom(
      seedWhere((v) => v.boneTouchingAorta),
      { spacing: 1.25, clean: true },
    );
    expect(boneNextToAorta(touching)).toBeGreaterThan(50);
    const apart = anatomyPhantom(
      seedWhere((v) => !v.boneTouchingAorta),
      { spacing: 1.25, clean: true },
    );
    expect(boneNextToAorta(apart)).toBe(0);
  });

  it('fills a poorly filled LAA much less than the LA', () => {
    const p = anatomyPhantom(
      seedWhere((v) => v.laaPoorlyFilled && v.contrastHU - v.laaTipHU > 200),
      { spacing: 1.5, clean: true },
    );
    const tip = p.truth.laa.tip.map((x, i) => x - 1.5 * p.truth.laa.ostiumNormal[i]!) as Vec3;
    const index = [0, 1, 2].map((a) => Math.round((tip[a]! - p.origin[a]!) / p.spacing[a]!));
    const hu = p.hu[(index[2]! * p.dims[1] + index[1]!) * p.dims[0] + index[0]!]!;
    expect(p.params.contrastHU - hu).toBeGreaterThan(150);
  });
});

describe('anatomy phantom as DICOM', () => {
  it('writes slices the ingest reads back as CT with the HU and geometry of the phantom', async () => {
    const p = anatomyPhantom(2, { spacing: 3, clean: true });
    const k = Math.floor(p.dims[2] / 2);
    const read = readInstance(anatomyPhantomSlice(p, k));
    if (!read.ok) throw new Error(read.setAside.reason);
    expect(read.instance.rows).toBe(p.dims[1]);
    expect(read.instance.columns).toBe(p.dims[0]);
    const position = read.instance.frames?.[0]?.position ?? [];
    for (const [i, x] of [p.origin[0], p.origin[1], p.origin[2] + k * p.spacing[2]].entries())
      expect(position[i]).toBeCloseTo(x, 6);
    const hu = await decodeFrameHU(read.source, 0);
    const slice = p.hu.subarray(k * p.dims[0] * p.dims[1], (k + 1) * p.dims[0] * p.dims[1]);
    expect(
      Buffer.from(hu.buffer, hu.byteOffset, hu.byteLength).equals(
        Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength),
      ),
    ).toBe(true);
  });
});

describe('anatomy phantom through the ingest', () => {
  it('is ingested from its zip as one CT volume with its grid and HU', async () => {
    const dir = await scratch();
    try {
      const p = anatomyPhantom(2, { spacing: 3, clean: true });
      await writeAnatomyPhantomZip(p, dir.zipPath);
      const result = await ingestZip({ zipPath: dir.zipPath, workDir: dir.work, pseudonym: 'CASE-31', uidSecret: 's' });
      if (result.outcome !== 'ready') throw new Error(result.reasons.join(' '));
      expect(result.volume.dimensions).toEqual(p.dims);
      for (const [i, x] of result.volume.spacing.entries()) expect(x).toBeCloseTo(p.spacing[i]!, 6);
      for (const [i, x] of result.volume.origin.entries()) expect(x).toBeCloseTo(p.origin[i]!, 6);
      const [nx, ny] = p.dims;
      for (const k of [0, Math.floor(p.dims[2] / 2)])
        expect(await differingVoxels(result.volumePath, k, (r, c) => p.hu[(k * ny + r) * nx + c]!)).toBe(0);
    } finally {
      await dir.cleanup();
    }
  });
});

describe('anatomy phantom stays out of the shipped server', () => {
  it('is imported by no server source outside its own folder', () => {
    const src = join(import.meta.dirname, '..', '..', '..', 'src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'anatomy-phantom') walk(path);
        } else if (/\.ts$/.test(entry.name) && readFileSync(path, 'utf8').includes('anatomy-phantom'))
          offenders.push(relative(src, path));
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
