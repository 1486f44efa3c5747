import type { LandmarkProposals } from '../anatomy/landmarks/propose-landmarks.ts';

export interface ProposalResult {
  name: string;
  value: number | string;
  unit?: string;
}

const mm = (x: number) => Math.round(x * 10) / 10;

/**
 * The proposed landmarks' key figures as the preliminary analysis's results (staff-only, like the whole
 * preliminary model), each named "(proposed)" so nobody takes it for an analyst's measurement; and the
 * reasons of what was not proposed, for the job log. The landmarks themselves are not stored yet: an
 * analyst measures from these figures' suggestion, not from them.
 */
export function proposalResults(p: LandmarkProposals): { results: ProposalResult[]; missing: string[] } {
  const results: ProposalResult[] = [];
  const missing: string[] = [];
  const add = (name: string, value: number, unit: string) =>
    results.push({ name: `${name} (proposed)`, value: mm(value), unit });
  const t = p.tavi;
  if (t.annulus.found) {
    const m = t.annulus.landmark.measurements;
    if (m.perimeterDerivedDiameter !== undefined)
      add('Annulus perimeter-derived diameter', m.perimeterDerivedDiameter, 'mm');
    if (m.areaDerivedDiameter !== undefined) add('Annulus area-derived diameter', m.areaDerivedDiameter, 'mm');
    if (m.minDiameter !== undefined && m.maxDiameter !== undefined) {
      add('Annulus minimum diameter', m.minDiameter, 'mm');
      add('Annulus maximum diameter', m.maxDiameter, 'mm');
    }
    if (m.perimeter !== undefined) add('Annulus perimeter', m.perimeter, 'mm');
    if (m.area !== undefined) add('Annulus area', m.area, 'mm²');
  } else missing.push(`annulus: ${t.annulus.reason}`);
  if (t.lvot.found && t.lvot.landmark.measurements.perimeterDerivedDiameter !== undefined) {
    add('LVOT perimeter-derived diameter', t.lvot.landmark.measurements.perimeterDerivedDiameter, 'mm');
  } else if (!t.lvot.found) missing.push(`LVOT: ${t.lvot.reason}`);
  if (t.stj.found) add('Sinotubular junction height', t.stj.heightAboveAnnulus, 'mm');
  else missing.push(`sinotubular junction: ${t.stj.reason}`);
  if (t.leftCoronary.found) add('Left coronary ostium height', t.leftCoronary.heightAboveAnnulus, 'mm');
  else missing.push(`left coronary ostium: ${t.leftCoronary.reason}`);
  if (t.rightCoronary.found) add('Right coronary ostium height', t.rightCoronary.heightAboveAnnulus, 'mm');
  else missing.push(`right coronary ostium: ${t.rightCoronary.reason}`);
  if (t.calcium.found) add('Annulus and leaflet calcium', t.calcium.volumeMm3, 'mm³');
  const l = p.laao;
  if (l.ostium.found) {
    const m = l.ostium.landmark.measurements;
    if (m.minDiameter !== undefined && m.maxDiameter !== undefined) {
      add('LAA ostium minimum diameter', m.minDiameter, 'mm');
      add('LAA ostium maximum diameter', m.maxDiameter, 'mm');
    }
  } else missing.push(`LAA ostium: ${l.ostium.reason}`);
  if (l.depth.found) add('LAA depth', l.depth.depth, 'mm');
  if (l.morphology.found) results.push({ name: 'LAA morphology (proposed)', value: l.morphology.morphology });
  return { results, missing };
}
