/**
 * Proposed TAVI and LAAO landmarks from the automatic anatomy's label volume (issue 31 §2), each with
 * its geometry in patient space (LPS, mm) and its measurements, or the reason it is missing. Pure: no
 * I/O, nothing stored; not yet wired to the anatomy job, the database or the viewer.
 *
 * Input: the label volume (labels 1 LV cavity, 2 aortic root + LVOT, 3 aorta, 4 LA, 5 LAA, 8 calcium)
 * and, for the coronary ostia only, the HU volume on the same grid.
 */
import { type LaaoProposals, proposeLaao } from './laa.ts';
import { proposeTavi, type TaviOptions, type TaviProposals } from './tavi.ts';
import type { LabelledVolume } from './volume.ts';

export interface LandmarkProposals {
  tavi: TaviProposals;
  laao: LaaoProposals;
}

export function proposeLandmarks(v: LabelledVolume, options: TaviOptions = {}): LandmarkProposals {
  const [nx, ny, nz] = v.dims;
  if (v.labels.length !== nx * ny * nz) throw new Error('the label volume does not match its dimensions');
  if (v.hu && v.hu.length !== v.labels.length) throw new Error('the HU volume does not match the label volume');
  return { tavi: proposeTavi(v, options), laao: proposeLaao(v) };
}

export type { LaaoProposals } from './laa.ts';
export type { Proposal, ProposedLandmark } from './proposal.ts';
export type { TaviOptions, TaviProposals } from './tavi.ts';
export type { LabelledVolume } from './volume.ts';
