// Issue 31 §3's landmark rows: the proposed TAVI / LAAO landmarks (server/src/imaging/anatomy/landmarks/)
// against the anatomy phantom's truths, per seed, then the medians next to the targets. Computed from
// the phantom's TRUE label volume (the proposals' own error), and from any other label volume on the
// same grid — the segmentation's, once it writes one — by passing it as `labels`.
//
//   npm run anatomy:landmarks -w bench                 # alone, seeds 1–20 (BENCH_SEEDS as in run.ts)
//   npm run anatomy -w bench                           # with the segmentation rows
import { pathToFileURL } from 'node:url';
import { proposeLandmarks, type TaviOptions } from '../../server/src/imaging/anatomy/landmarks/propose-landmarks.ts';
import {
  type AnatomyPhantom,
  anatomyPhantom,
} from '../../server/src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';
import { median, planeAngleErrorDeg } from '../../server/src/imaging/testing/anatomy-phantom/score/index.ts';

export interface LandmarkRow {
  seed: number;
  /** Which label volume the proposals read. */
  source: string;
  annulusPlaneDeg: number;
  /** |proposed − true| perimeter-derived annulus diameter (mm). */
  annulusPddMm: number;
  lvotPddMm: number;
  /** Largest |error| of the three sinus-to-commissure diameters (mm). */
  sinusMm: number;
  stjHeightMm: number;
  leftCoronaryMm: number;
  rightCoronaryMm: number;
  /** Larger of the LAA ostium's min- and max-diameter |errors| (mm). */
  laaOstiumMm: number;
  laaDepthMm: number;
  morphologyOk: number;
  /** Largest |CRA/CAU| difference along the curve, LAO/RAO −60…60° (degrees). */
  projectionDeg: number;
  calciumMm3: number;
  proposeS: number;
  /** Proposals not made, with their reasons. */
  missing: string[];
}

const NaN_ = Number.NaN;

export function landmarkRow(
  p: AnatomyPhantom,
  labels: Uint8Array = p.labels,
  source = 'true labels',
  options: TaviOptions = {},
): LandmarkRow {
  const t = p.truth;
  const started = performance.now();
  const { tavi, laao } = proposeLandmarks(
    { dims: p.dims, spacing: p.spacing, origin: p.origin, labels, hu: p.hu },
    options,
  );
  const proposeS = (performance.now() - started) / 1000;
  const missing = [
    ...Object.entries(tavi).map(([k, v]) => (v.found ? '' : `${k}: ${v.reason}`)),
    ...Object.entries(laao).map(([k, v]) => (v.found ? '' : `${k}: ${v.reason}`)),
  ].filter(Boolean);
  const abs = (a: number | undefined, b: number) => (a === undefined ? NaN_ : Math.abs(a - b));
  const cusps = ['right', 'left', 'non-coronary'] as const;
  return {
    seed: p.params.seed,
    source,
    annulusPlaneDeg: tavi.annulus.found ? planeAngleErrorDeg(tavi.annulus.landmark.normal!, t.annulus.normal) : NaN_,
    annulusPddMm: tavi.annulus.found
      ? abs(tavi.annulus.landmark.measurements.perimeterDerivedDiameter, t.annulus.perimeterDerivedDiameter)
      : NaN_,
    lvotPddMm: tavi.lvot.found
      ? abs(tavi.lvot.landmark.measurements.perimeterDerivedDiameter, t.lvot.perimeterDerivedDiameter)
      : NaN_,
    sinusMm: tavi.sinus.found
      ? Math.max(
          ...cusps.map((c) => (tavi.sinus.found ? Math.abs(tavi.sinus.diameters[c] - t.sinus.diameters[c]) : NaN_)),
        )
      : NaN_,
    stjHeightMm: tavi.stj.found ? Math.abs(tavi.stj.heightAboveAnnulus - t.stj.height) : NaN_,
    leftCoronaryMm: tavi.leftCoronary.found
      ? Math.abs(tavi.leftCoronary.heightAboveAnnulus - t.coronaryOstia.left.heightAboveAnnulus)
      : NaN_,
    rightCoronaryMm: tavi.rightCoronary.found
      ? Math.abs(tavi.rightCoronary.heightAboveAnnulus - t.coronaryOstia.right.heightAboveAnnulus)
      : NaN_,
    laaOstiumMm: laao.ostium.found
      ? Math.max(
          abs(laao.ostium.landmark.measurements.minDiameter, t.laa.ostium.minDiameter),
          abs(laao.ostium.landmark.measurements.maxDiameter, t.laa.ostium.maxDiameter),
        )
      : NaN_,
    laaDepthMm: laao.depth.found ? Math.abs(laao.depth.depth - t.laa.depth) : NaN_,
    morphologyOk: laao.morphology.found ? Number(laao.morphology.morphology === t.laa.morphology) : 0,
    projectionDeg: tavi.projectionCurve.found
      ? Math.max(...tavi.projectionCurve.curve.map((c, i) => Math.abs(c.cra - t.projectionCurve[i]!.cra)))
      : NaN_,
    calciumMm3: tavi.calcium.found ? tavi.calcium.volumeMm3 - t.calciumVolume : NaN_,
    proposeS,
    missing,
  };
}

const f = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
/** Median of the proposals made; a missing one counts as a failure in the "made" column. */
const med = (rows: LandmarkRow[], pick: (r: LandmarkRow) => number) => {
  const values = rows.map(pick).filter(Number.isFinite);
  return values.length ? median(values) : NaN_;
};
const made = (rows: LandmarkRow[], pick: (r: LandmarkRow) => number) =>
  `${rows.filter((r) => Number.isFinite(pick(r))).length}/${rows.length}`;

export function printLandmarkRows(rows: LandmarkRow[]): void {
  if (rows.length === 0) return;
  const head = [
    'seed',
    'source',
    'plane °',
    'annulus P/π mm',
    'LVOT P/π mm',
    'sinus mm',
    'STJ h mm',
    'LCA h mm',
    'RCA h mm',
    'LAA ostium mm',
    'LAA depth mm',
    'class',
    'C-arm °',
    'calcium Δmm³',
    'propose s',
  ];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.info('');
  console.info(line(head));
  console.info(line(head.map(() => '---')));
  for (const r of rows)
    console.info(
      line([
        String(r.seed),
        r.source,
        f(r.annulusPlaneDeg),
        f(r.annulusPddMm),
        f(r.lvotPddMm),
        f(r.sinusMm),
        f(r.stjHeightMm),
        f(r.leftCoronaryMm),
        f(r.rightCoronaryMm),
        f(r.laaOstiumMm),
        f(r.laaDepthMm),
        r.morphologyOk ? 'ok' : 'wrong',
        f(r.projectionDeg),
        f(r.calciumMm3, 0),
        f(r.proposeS, 1),
      ]),
    );
  for (const r of rows) for (const m of r.missing) console.info(`seed ${r.seed} (${r.source}) no proposal — ${m}`);
  const sources = [...new Set(rows.map((r) => r.source))];
  for (const source of sources) {
    const rs = rows.filter((r) => r.source === source);
    const row = (name: string, pick: (r: LandmarkRow) => number, target: string, digits = 2) =>
      `| ${name} | ${f(med(rs, pick), digits)} (max ${f(Math.max(...rs.map(pick).filter(Number.isFinite)), digits)}, made ${made(rs, pick)}) | ${target} |`;
    console.info(`
| landmark error, ${source} (median over ${rs.length} variants) | figure | target |
|---|---|---|
${row('annulus plane angle (°)', (r) => r.annulusPlaneDeg, '≤ 3°')}
${row('annulus perimeter-derived diameter (mm)', (r) => r.annulusPddMm, '≤ 0.5 mm')}
${row('coronary height, left (mm)', (r) => r.leftCoronaryMm, '≤ 1.0 mm')}
${row('coronary height, right (mm)', (r) => r.rightCoronaryMm, '≤ 1.0 mm')}
${row('LAA ostium min/max diameter, worse of the two (mm)', (r) => r.laaOstiumMm, '≤ 1.0 mm')}
${row('C-arm projection curve, largest CRA/CAU difference (°)', (r) => r.projectionDeg, '≤ 3°')}
${row('LVOT perimeter-derived diameter (mm)', (r) => r.lvotPddMm, '(none named)')}
${row('sinus-to-commissure diameters, worst cusp (mm)', (r) => r.sinusMm, '(none named)')}
${row('STJ height (mm)', (r) => r.stjHeightMm, '(none named)')}
${row('LAA depth (mm)', (r) => r.laaDepthMm, '(none named)')}
| LAA morphology class right | ${rs.filter((r) => r.morphologyOk).length}/${rs.length} | (proposal) |
${row('proposal time (s)', (r) => r.proposeS, '(inside the ≤ 60 s per case)', 1)}
`);
  }
}

function seeds(): number[] {
  const raw = process.env.BENCH_SEEDS ?? '20';
  if (raw.includes(',')) return raw.split(',').map(Number);
  return Array.from({ length: Number(raw) }, (_, n) => n + 1);
}

/**
 * The true labels with the root + LVOT grown by one voxel into its wall: a stand-in for a segmentation
 * whose border sits outside the lumen (the preliminary model's was 0.6–1.6 mm out), to show what that
 * does to the annulus and what the HU edges (`huEdges`) take back.
 */
export function rootGrownByOneVoxel(p: AnatomyPhantom): Uint8Array {
  const [nx, ny] = p.dims;
  const out = p.labels.slice();
  const steps = [1, -1, nx, -nx, nx * ny, -nx * ny];
  const into = new Set([0, 7, 12]);
  for (let i = 0; i < p.labels.length; i++)
    if (p.labels[i] === 2) for (const s of steps) if (into.has(p.labels[i + s] ?? -1)) out[i + s] = 2;
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // BENCH_GROWN=1 adds, per seed, the root grown by one voxel, without and with HU edges.
  const grown = process.env.BENCH_GROWN === '1';
  const rows: LandmarkRow[] = [];
  for (const seed of seeds()) {
    const p = anatomyPhantom(seed);
    const row = landmarkRow(p);
    console.info(`seed ${seed}: proposals in ${row.proposeS.toFixed(1)} s`);
    rows.push(row);
    if (grown) {
      const labels = rootGrownByOneVoxel(p);
      rows.push(landmarkRow(p, labels, 'root +1 voxel'));
      rows.push(landmarkRow(p, labels, 'root +1 voxel, HU edges', { huEdges: true }));
    }
  }
  printLandmarkRows(rows);
}
