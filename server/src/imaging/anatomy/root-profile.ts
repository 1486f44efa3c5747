/**
 * Where the annulus and the sinotubular junction are along the root's axis, from the lumen's
 * cross-section areas. Going down the ascending aorta into the heart, the equivalent radius
 * r(z) = √(area/π) follows the root's shape: the aorta's radius above the STJ, the three sinuses
 * bulging out and back in between the STJ and the annulus, the LVOT below the annulus, and then the
 * sudden growth where the plane reaches the LV cavity. Between annulus (z0) and STJ (z0 + h), with
 * t = (z − z0)/h:
 *
 *   r = a·(1 − t) + s·t + c·sin(πt)      (annulus radius a, STJ radius s, mean sinus bulge c)
 *
 * above the STJ r = s + e·(z − z0 − h), below the annulus r = a + g·(z0 − z). For each (z0, h) on a
 * 0.5 mm grid the five linear coefficients are a least-squares fit; the (z0, h) with the smallest
 * residual wins. The sine's kinks at both ends are what place z0 and h.
 */
import type { Section } from './root-sections.ts';

export interface RootProfile {
  /** Height (mm along the axis) where the LV cavity starts to join the sections. */
  lvOnset: number;
  /** Heights of the annulus and the STJ (mm along the axis). */
  annulus: number;
  stj: number;
  annulusRadius: number;
  stjRadius: number;
  sinusBulge: number;
  /** RMS residual of the fit (mm of radius). */
  residualMm: number;
}

/** The LV (or the LA through the mitral valve) has joined once the area is this much above the smallest above it. */
const JUMP = 1.9;

/**
 * The waist between the sinuses and the LV. Going down from the aorta, the first section whose area
 * is 1.9 × the smallest above it is in the LV (the sinuses stay below ~1.8 × the STJ's); the smallest
 * section in the 20 mm above that one is the waist, at the annulus. Areas are median-filtered over 9
 * sections first, so a section that leaks into a neighbour (along a coronary, through a wall gap) for
 * a few mm changes nothing.
 */
export function lvOnset(sections: Section[], method: OnsetMethod): number | null {
  if (method === 'sinus') return waistBelowSinus(sections);
  const areas = filteredAreas(sections);
  let smallest = Infinity;
  for (let i = sections.length - 1; i >= 0; i--) {
    if (areas[i]! <= 0) continue;
    // It must stay that large for 6 mm further down: the LV does, a leak along a coronary does not.
    if (areas[i]! > JUMP * smallest && staysAbove(sections, areas, i, JUMP * smallest)) {
      let waist = -1;
      for (let q = i; q < sections.length && sections[q]!.z <= sections[i]!.z + 20; q++) {
        if (areas[q]! > 0 && (waist < 0 || areas[q]! < areas[waist]!)) waist = q;
      }
      return waist >= 0 ? sections[waist]!.z : null;
    }
    smallest = Math.min(smallest, areas[i]!);
  }
  return null;
}

export type OnsetMethod = 'jump' | 'sinus';

/** Whether the sections from `i` down to 6 mm below all have an area above `level`. */
function staysAbove(sections: Section[], areas: number[], i: number, level: number): boolean {
  for (let q = i; q >= 0 && sections[q]!.z >= sections[i]!.z - 6; q--) if (areas[q]! <= level) return false;
  return true;
}

/**
 * The other way to the waist: from the sinuses' widest section within 20 mm above the axis origin (where
 * the fronts entered the LV), down to the smallest section before the area grows past 1.5 × that.
 */
function waistBelowSinus(sections: Section[]): number | null {
  const areas = filteredAreas(sections);
  let peak = -1;
  for (let i = 0; i < sections.length; i++) {
    const z = sections[i]!.z;
    if (z < -3 || z > 20) continue;
    if (peak < 0 || areas[i]! > areas[peak]!) peak = i;
  }
  if (peak < 0) return null;
  let waist = peak;
  for (let i = peak - 1; i >= 0; i--) {
    if (areas[i]! < areas[waist]!) waist = i;
    else if (areas[i]! > 1.5 * areas[waist]! && staysAbove(sections, areas, i, 1.5 * areas[waist]!))
      return sections[waist]!.z;
  }
  return null;
}

/** Each section's area median-filtered over 9 sections (6 mm). */
export function filteredAreas(sections: Section[]): number[] {
  return sections.map((_, i) => {
    const window = [];
    for (let q = Math.max(0, i - 4); q <= Math.min(sections.length - 1, i + 4); q++) window.push(sections[q]!.area);
    window.sort((a, b) => a - b);
    return window[Math.floor(window.length / 2)]!;
  });
}

/** A section whose part is much larger than its neighbours' has leaked into a neighbouring lumen. */
export function leaked(area: number, filtered: number): boolean {
  return area > 1.25 * filtered || area <= 0;
}

export function fitRootProfile(sections: Section[], method: OnsetMethod): RootProfile | null {
  const onset = lvOnset(sections, method);
  if (onset === null) return null;
  const filtered = filteredAreas(sections);
  const data = sections
    .filter((s, i) => s.z >= onset - 0.5 && s.z <= onset + 45 && !leaked(s.area, filtered[i]!))
    .map((s) => ({ z: s.z, r: Math.sqrt(s.area / Math.PI) }));
  if (data.length < 20) return null;
  let best: RootProfile | null = null;
  let bestSse = Infinity;
  for (let z0 = onset - 1.5; z0 <= onset + 1.5; z0 += 0.5) {
    for (let h = 12; h <= 30; h += 0.5) {
      if (z0 + h > data.at(-1)!.z - 4) continue;
      const fit = leastSquares(data, z0, h);
      if (!fit || fit.coef[2]! < 0) continue;
      if (fit.sse < bestSse) {
        bestSse = fit.sse;
        best = {
          lvOnset: onset,
          annulus: z0,
          stj: z0 + h,
          annulusRadius: fit.coef[0]!,
          stjRadius: fit.coef[1]!,
          sinusBulge: fit.coef[2]!,
          residualMm: Math.sqrt(fit.sse / data.length),
        };
      }
    }
  }
  if (!best) return null;
  // The fit's STJ drifts up where the ascending aorta widens and bends above it; the sinuses' widest
  // section lies half way between annulus and STJ (the bulge is a half sine), which is steadier.
  const filteredNow = filteredAreas(sections);
  let peak = -1;
  sections.forEach((s, i) => {
    if (s.z < best!.annulus + 5 || s.z > best!.annulus + 17 || leaked(s.area, filteredNow[i]!)) return;
    if (peak < 0 || filteredNow[i]! > filteredNow[peak]!) peak = i;
  });
  if (peak >= 0) best.stj = best.annulus + 2 * (sections[peak]!.z - best.annulus);
  return best;
}

function basis(z: number, z0: number, h: number): number[] {
  if (z < z0) return [1, 0, 0, 0, z0 - z];
  if (z > z0 + h) return [0, 1, 0, z - z0 - h, 0];
  const t = (z - z0) / h;
  return [1 - t, t, Math.sin(Math.PI * t), 0, 0];
}

function leastSquares(data: { z: number; r: number }[], z0: number, h: number): { coef: number[]; sse: number } | null {
  const m = 5;
  const ata = Array.from({ length: m * m }, () => 0);
  const atb = Array.from({ length: m }, () => 0);
  for (const { z, r } of data) {
    const b = basis(z, z0, h);
    for (let i = 0; i < m; i++) {
      atb[i]! += b[i]! * r;
      for (let j = 0; j < m; j++) ata[i * m + j]! += b[i]! * b[j]!;
    }
  }
  // A tiny ridge keeps the system solvable when no data lie below the annulus or above the STJ.
  for (let i = 0; i < m; i++) ata[i * m + i]! += 1e-6;
  const coef = solve(ata, atb, m);
  if (!coef) return null;
  let sse = 0;
  for (const { z, r } of data) {
    const b = basis(z, z0, h);
    let p = 0;
    for (let i = 0; i < m; i++) p += b[i]! * coef[i]!;
    sse += (p - r) ** 2;
  }
  return { coef, sse };
}

/** Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[], b: number[], m: number): number[] | null {
  const A = a.slice();
  const B = b.slice();
  for (let col = 0; col < m; col++) {
    let pivot = col;
    for (let row = col + 1; row < m; row++)
      if (Math.abs(A[row * m + col]!) > Math.abs(A[pivot * m + col]!)) pivot = row;
    if (Math.abs(A[pivot * m + col]!) < 1e-12) return null;
    if (pivot !== col) {
      for (let k = 0; k < m; k++) [A[col * m + k], A[pivot * m + k]] = [A[pivot * m + k]!, A[col * m + k]!];
      [B[col], B[pivot]] = [B[pivot]!, B[col]!];
    }
    for (let row = col + 1; row < m; row++) {
      const f = A[row * m + col]! / A[col * m + col]!;
      for (let k = col; k < m; k++) A[row * m + k]! -= f * A[col * m + k]!;
      B[row]! -= f * B[col]!;
    }
  }
  const x = Array.from({ length: m }, () => 0);
  for (let row = m - 1; row >= 0; row--) {
    let s = B[row]!;
    for (let k = row + 1; k < m; k++) s -= A[row * m + k]! * x[k]!;
    x[row] = s / A[row * m + row]!;
  }
  return x;
}
