import { type Landmark, type LandmarkType, VIEW_TYPE_COLORS, type ViewType } from '@cardiomap/contract';
import { iso } from '../../db/query.ts';
import { SINGLE_PHASE_LABEL } from '../studies/index.ts';
import type { LandmarkRow, LandmarkTypeRow } from './repository.ts';

/** The caller's rights on one landmark (spec §6), computed by the landmark policy. */
export interface LandmarkRights {
  canEdit: boolean;
  canDelete: boolean;
  canPublish: boolean;
}

/** Spec §3: the landmark's own colour, else its type's, else the colour of the pane it is drawn on. */
export const landmarkColor = (row: Pick<LandmarkRow, 'color' | 'typeColor' | 'viewType'>): string =>
  row.color ?? row.typeColor ?? VIEW_TYPE_COLORS[row.viewType as ViewType] ?? VIEW_TYPE_COLORS[6];

export const presentLandmark = (row: LandmarkRow, rights: LandmarkRights): Landmark => ({
  id: row.id,
  analysisId: row.analysisId,
  landmarkTypeId: row.landmarkTypeId,
  name: row.name,
  displayName: row.typeName ?? row.name,
  description: row.description,
  geometryType: row.geometryType,
  viewType: row.viewType,
  points: row.points,
  normal: row.normal,
  centroid: row.centroid,
  resliceRotation: row.resliceRotation,
  resliceCenter: row.resliceCenter,
  measurements: row.measurements,
  phaseId: row.phaseId,
  phaseLabel: row.phaseId === null ? null : (row.phaseStoredLabel ?? SINGLE_PHASE_LABEL),
  color: landmarkColor(row),
  sourceClient: row.sourceClient,
  sourceVersion: row.sourceVersion,
  isEnabled: row.isEnabled,
  isPublished: row.isPublished,
  isVisible: row.isVisible,
  createdById: row.createdById,
  dateCreated: iso(row.dateCreated) ?? '',
  dateModified: iso(row.dateModified) ?? '',
  ...rights,
});

export const presentLandmarkType = (row: LandmarkTypeRow): LandmarkType => ({ ...row });
