import type { Config, Visualisation, VisualisationObject } from '@cardiomap/contract';
import type { VisualisationObjectRow } from './object-repository.ts';
import type { ConfigRow, VisualisationRow } from './repository.ts';

/** Opacities are stored as float4: 0.3 comes back as 0.30000001192…, which no one typed. */
const float4 = (value: number) => Math.round(Number(value) * 1e6) / 1e6;

export const presentConfig = (row: ConfigRow): Config => ({
  id: row.id,
  studyId: row.studyId,
  visualisationIds: row.visualisationIds,
  options: row.options,
  comments: row.comments,
});

export const presentVisualisation = (row: VisualisationRow): Visualisation => ({
  id: row.id,
  studyId: row.studyId,
  analysisId: row.analysisId,
  name: row.name,
  opacity: float4(row.opacity),
  order: row.order,
  visualisationObjectIds: row.visualisationObjectIds,
});

export const presentVisualisationObject = (row: VisualisationObjectRow): VisualisationObject => ({
  id: row.id,
  visualisationId: row.visualisationId,
  studyId: row.studyId,
  analysisResourceId: row.analysisResourceId,
  name: row.name,
  color: row.color,
  opacity: float4(row.opacity),
  maxOpacity: float4(row.maxOpacity),
  isVisible: row.isVisible,
  isDoubleSided: row.isDoubleSided,
  isEditable: row.isEditable,
  renderOrder: row.renderOrder,
  hasDepthTestEnabled: row.hasDepthTestEnabled,
  hasFlatShadingEnabled: row.hasFlatShadingEnabled,
  isAffectedByLighting: row.isAffectedByLighting,
  objectOrder: row.objectOrder,
});
