/**
 * TAVI landmark proposals from the labelled volume (issue 31 §2): the annulus as the virtual basal ring
 * (the plane through the three cusp hinge points, found where the sinuses start along the root's
 * axis), its contour and sizes; the LVOT 5 mm below; the sinuses of Valsalva (sinus-to-commissure
 * diameters at mid-height); the sinotubular junction and the ascending aorta; the coronary ostium
 * heights (HU volume); annulus/leaflet calcium; the optimal C-arm projection curve.
 *
 * The basal ring is taken perpendicular to the root's axis, at the height where the three sinuses
 * start (sinus-profile.ts), and the hinge points are where the cusp centres meet its contour. So the
 * plane is one fit for all three cusps, not three separately found nadirs: a ring tilted against the
 * root's axis would come out perpendicular to the axis (the phantom's is perpendicular by construction).
 */
import type { Vec3 } from '../../types.ts';
import { add, scale } from '../../volume/vector.ts';
import { ascendingAortaSection } from './ascending-aorta.ts';
import { type CArmAngles, projectionCurve } from './c-arm.ts';
import { annulusCalcium } from './calcium.ts';
import { type CoronaryOstium, findCoronaryOstia } from './coronary-ostia.ts';
import { CUSP_NAMES, type CuspName, nameCusps } from './cusps.ts';
import { huSampler } from './hu-edge.ts';
import { ANATOMY_LABEL as L } from './labels.ts';
import { type PlaneFrame, planeDirection, shiftedFrame } from './plane-frame.ts';
import {
  closedCurve,
  distance,
  type Found,
  type Missing,
  missing,
  type Proposal,
  type ProposedLandmark,
} from './proposal.ts';
import { findRootAxis } from './root-axis.ts';
import { measureSection, type Section } from './section.ts';
import { sinusProfile } from './sinus-profile.ts';
import { type LabelledVolume, labelSet, membership, nearestLabel } from './volume.ts';

/** Depth of the LVOT section below the annulus (mm), as the issue and the usual reporting ask. */
export const LVOT_DEPTH = 5;
/** The ascending aorta is measured this far above the STJ (mm). */
export const ASCENDING_ABOVE_STJ = 25;

type Landmark = { landmark: ProposedLandmark };

export interface TaviProposals {
  annulus: Proposal<Landmark & { hingePoints: Record<CuspName, Vec3> }>;
  lvot: Proposal<Landmark>;
  /** Section at the sinuses' mid-height; measurements add one sinus-to-commissure diameter per cusp. */
  sinus: Proposal<Landmark & { diameters: Record<CuspName, number>; heightAboveAnnulus: number }>;
  stj: Proposal<Landmark & { heightAboveAnnulus: number }>;
  ascendingAorta: Proposal<Landmark & { heightAboveAnnulus: number }>;
  leftCoronary: Proposal<Landmark & { heightAboveAnnulus: number; ostium: Vec3 }>;
  rightCoronary: Proposal<Landmark & { heightAboveAnnulus: number; ostium: Vec3 }>;
  calcium: Proposal<{ volumeMm3: number }>;
  /** LAO/RAO −60…60° every 5°, with the CRA/CAU that views the annulus edge-on. */
  projectionCurve: Proposal<{ curve: CArmAngles[]; annulusNormal: Vec3 }>;
}

export interface TaviOptions {
  /**
   * Put the root's sections (annulus, LVOT, sinuses, STJ) on the lumen's edge in the HU volume rather
   * than on the label's border: for a segmentation whose border sits off the lumen. Off by default:
   * on exact labels it only adds the image's noise.
   */
  huEdges?: boolean;
}

export function proposeTavi(v: LabelledVolume, options: TaviOptions = {}): TaviProposals {
  const none = (reason: string): TaviProposals => {
    const m = missing(reason);
    return {
      annulus: m,
      lvot: m,
      sinus: m,
      stj: m,
      ascendingAorta: m,
      leftCoronary: m,
      rightCoronary: m,
      calcium: m,
      projectionCurve: m,
    };
  };
  const axis = findRootAxis(v);
  if ('missing' in axis) return none(axis.missing);
  const profile = sinusProfile(v, axis);
  if ('missing' in profile) return none(profile.missing);

  const root = {
    inside: membership(v, labelSet([L.aorticRoot])),
    labelAt: nearestLabel(v),
    rejectLabels: labelSet([L.calcium]),
    maxRadius: 40,
    huEdge: (options.huEdges && huSampler(v)) || undefined,
  };
  const rootAndAorta = { ...root, inside: membership(v, labelSet([L.aorticRoot, L.aorta])) };
  const annulusFrame = shiftedFrame(axis.frame, profile.annulusHeight);
  const annulus = measureSection(annulusFrame, root);
  if (!annulus) return none('no closed lumen contour of the root in the annulus plane');
  const cusps = nameCusps(axis.frame, profile.cuspAngles);
  const hingePoints = Object.fromEntries(
    CUSP_NAMES.map((c) => [
      c,
      add(annulus.frame.centre, scale(planeDirection(annulus.frame, cusps[c]), annulus.radiusAt(cusps[c]))),
    ]),
  ) as Record<CuspName, Vec3>;
  // Heights are along the annulus normal from the annulus plane.
  const plane: PlaneFrame = annulus.frame;
  const sectionProposal = (
    name: string,
    section: Section | null,
    height: number,
    reason: string,
    extra: Record<string, number> = {},
  ): Proposal<Landmark & { heightAboveAnnulus: number }> =>
    section
      ? {
          found: true,
          landmark: closedCurve(name, section, { heightAboveAnnulus: height, ...extra }),
          heightAboveAnnulus: height,
        }
      : missing(reason);

  const lvot = measureSection(shiftedFrame(annulusFrame, -LVOT_DEPTH), root);
  const sinusHeight = (profile.stjHeight - profile.annulusHeight) / 2;
  const sinusSection = measureSection(shiftedFrame(annulusFrame, sinusHeight), root);
  const stjHeight = profile.stjHeight - profile.annulusHeight;
  const stj = measureSection(shiftedFrame(annulusFrame, stjHeight), rootAndAorta);
  let sinus: TaviProposals['sinus'] = missing('no closed lumen contour at the sinuses’ mid-height');
  if (sinusSection) {
    // Sinus to the opposite commissure: through the centre from the cusp's middle to the far side.
    const diameters = Object.fromEntries(
      CUSP_NAMES.map((c) => [c, sinusSection.radiusAt(cusps[c]) + sinusSection.radiusAt(cusps[c] + Math.PI)]),
    ) as Record<CuspName, number>;
    sinus = {
      found: true,
      landmark: closedCurve('Sinus of Valsalva', sinusSection, {
        heightAboveAnnulus: sinusHeight,
        rightSinusDiameter: diameters.right,
        leftSinusDiameter: diameters.left,
        nonCoronarySinusDiameter: diameters['non-coronary'],
      }),
      diameters,
      heightAboveAnnulus: sinusHeight,
    };
  }
  let ascendingAorta: TaviProposals['ascendingAorta'];
  if (stj) {
    const target = stjHeight + ASCENDING_ABOVE_STJ;
    const stjOnAxis = { ...plane, centre: add(plane.centre, scale(plane.normal, stjHeight)) };
    const section = ascendingAortaSection(v, stjOnAxis, ASCENDING_ABOVE_STJ);
    ascendingAorta =
      'missing' in section
        ? missing(section.missing)
        : sectionProposal('Ascending aorta', section, target, '', {
            // Where the aorta turns to the arch its perpendicular cut is long across the bend; the
            // short axis is the vessel's calibre.
            diameter: section.measures.minDiameter,
          });
  } else ascendingAorta = missing('no sinotubular junction to follow the ascending aorta from');

  const coronaries = findCoronaryOstia(v, {
    axis: axis.frame,
    annulusHeight: profile.annulusHeight,
    stjHeight: profile.stjHeight,
    radiusAt: profile.radiusAt,
    cusps,
  });
  const coronary = (
    name: string,
    o: CoronaryOstium | { missing: string },
  ): Found<Landmark & { heightAboveAnnulus: number; ostium: Vec3 }> | Missing =>
    'missing' in o
      ? missing(o.missing)
      : {
          found: true,
          landmark: distance(name, o.foot, o.position),
          heightAboveAnnulus: o.heightAboveAnnulus,
          ostium: o.position,
        };
  let maxRadius = 0;
  for (let i = 0; i < 72; i++) maxRadius = Math.max(maxRadius, annulus.radiusAt((i * Math.PI) / 36));
  const calcium = annulusCalcium(v, plane, maxRadius);

  return {
    annulus: {
      found: true,
      landmark: closedCurve('Annulus', annulus),
      hingePoints,
    },
    lvot: sectionProposal('LVOT', lvot, -LVOT_DEPTH, 'no closed lumen contour of the LVOT 5 mm below the annulus'),
    sinus,
    stj: sectionProposal(
      'Sinotubular junction (STJ)',
      stj,
      stjHeight,
      'no closed lumen contour at the sinotubular junction',
      {
        diameter: stj?.measures.areaDerivedDiameter ?? 0,
      },
    ),
    ascendingAorta,
    leftCoronary: coronary('Left coronary ostium height', coronaries.left),
    rightCoronary: coronary('Right coronary ostium height', coronaries.right),
    calcium: { found: true, volumeMm3: calcium.volumeMm3 },
    projectionCurve: { found: true, curve: projectionCurve(plane.normal), annulusNormal: plane.normal },
  };
}
