import type { AnalysisResource, Config, Landmark, ViewerLoad, ViewerPhase } from '@cardiomap/contract';

/** A study's viewer data as the API answers it, for the viewer feature's tests. */

export const STUDY_ID = '5a000000-0000-4000-8000-000000000001';
export const CASE_ID = 'c0000000-0000-4000-8000-000000000001';
export const ANALYSIS_ID = 'a1000000-0000-4000-8000-000000000001';
export const CONFIG_ID = 'cf000000-0000-4000-8000-000000000001';
/** Where the fixture's volume is read from. */
export const VOLUME_URL = '/files/volume.bin';
const VISUALISATION_ID = 'b1000000-0000-4000-8000-000000000001';
const NOW = '2026-11-20T10:00:00.000Z';

export const landmarkFixture = (overrides: Partial<Landmark> = {}): Landmark => ({
  id: 'e1000000-0000-4000-8000-000000000001',
  analysisId: ANALYSIS_ID,
  landmarkTypeId: null,
  name: 'Annulus',
  displayName: 'Annulus',
  description: '',
  geometryType: 2,
  viewType: 6,
  points: [
    [0, 0, 0],
    [10, 0, 0],
    [10, 10, 0],
  ],
  normal: [0, 0, 1],
  centroid: [5, 5, 0],
  resliceRotation: null,
  resliceCenter: null,
  measurements: { perimeter: 75.4, area: 452.39 },
  color: '#d62828',
  sourceClient: '',
  sourceVersion: '',
  isEnabled: true,
  isPublished: true,
  isVisible: true,
  createdById: '11111111-1111-4111-8111-111111111111',
  dateCreated: NOW,
  dateModified: NOW,
  canEdit: false,
  canDelete: false,
  canPublish: false,
  phaseId: null,
  phaseLabel: null,
  ...overrides,
});

export const sceneObject = (
  overrides: Partial<ViewerLoad['config']['visualisations'][number]['objects'][number]> = {},
) => ({
  id: 'b2000000-0000-4000-8000-000000000001',
  visualisationId: VISUALISATION_ID,
  studyId: STUDY_ID,
  analysisResourceId: null,
  name: 'Blood pool',
  color: '#cc3333',
  opacity: 0.8,
  maxOpacity: 1,
  isVisible: true,
  isDoubleSided: false,
  isEditable: true,
  renderOrder: 0,
  hasDepthTestEnabled: true,
  hasFlatShadingEnabled: false,
  isAffectedByLighting: true,
  objectOrder: 0,
  readUrl: '/files/blood-pool.stl',
  filename: 'blood-pool.stl',
  landmarks: [],
  ...overrides,
});

const VOLUME_ID = 'd1000000-0000-4000-8000-000000000001';
const volumeAttributes = (readUrl: string): ViewerPhase['attributes'] => ({
  spacing: [0.4, 0.4, 0.5],
  dimensions: [512, 512, 134],
  origin: [0, 0, 0],
  direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  levels: { windowCenter: 230, windowWidth: 1075 },
  interpolationType: 0,
  readUrl,
});

/** Issue 28: one phase of a gated study; its volume is read from `/files/phase-<percent>.bin`. */
export const viewerPhaseFixture = (percent: number, overrides: Partial<ViewerPhase> = {}): ViewerPhase => ({
  id: `d1000000-0000-4000-8000-0000000000${String(percent).padStart(2, '0')}`,
  label: `${percent} %`,
  percent,
  triggerTimeMs: null,
  sliceCount: 134,
  isDefault: false,
  attributes: volumeAttributes(`/files/phase-${percent}.bin`),
  ...overrides,
});

/** A single-phase study's viewer data; gatedViewerLoadFixture gives one with phases. */
export const viewerLoadFixture = (overrides: Partial<ViewerLoad> = {}): ViewerLoad => ({
  dicom: { studyResourceId: VOLUME_ID, attributes: volumeAttributes(VOLUME_URL) },
  phases: [
    {
      id: VOLUME_ID,
      label: 'Single phase',
      percent: null,
      triggerTimeMs: null,
      sliceCount: 134,
      isDefault: true,
      attributes: volumeAttributes(VOLUME_URL),
    },
  ],
  config: {
    scenes: [],
    visualisations: [{ id: VISUALISATION_ID, analysisType: 1, name: 'Anatomy', opacity: 1, objects: [sceneObject()] }],
    options: {},
    comments: [],
    warnings: [],
    metadata: { patientIdentifier: null, caseIdentifier: 'HVC-TAVI-00042' },
    landmarkTypeConfigs: [],
  },
  study: {
    id: STUDY_ID,
    caseId: CASE_ID,
    caseIdentifier: 'HVC-TAVI-00042',
    dicomVolumeId: VOLUME_ID,
    pdfReportId: null,
    hasPdfReport: false,
    analysisIds: [ANALYSIS_ID],
    resourceIds: [],
    visualisationIds: [VISUALISATION_ID],
    dateCreated: NOW,
    phases: [
      { id: VOLUME_ID, label: 'Single phase', percent: null, triggerTimeMs: null, sliceCount: 134, isDefault: true },
    ],
  },
  case: { id: CASE_ID, status: 3, caseIdentifier: 'HVC-TAVI-00042', isResearch: false },
  title: 'HVC-TAVI-00042',
  subtitle: 'Transcatheter Aortic Valve Implantation',
  analyses: [
    {
      id: ANALYSIS_ID,
      studyId: STUDY_ID,
      type: 1,
      name: 'Anatomical analysis',
      orderId: null,
      isPreliminary: false,
      results: [],
      analysisResourceIds: [],
      landmarkIds: [],
      dateCreated: NOW,
    },
  ],
  analysisResults: [{ analysisId: ANALYSIS_ID, name: 'Annulus perimeter', value: 75.4, unit: 'mm' }],
  landmarks: [landmarkFixture()],
  landmarkTypes: [],
  warnings: [],
  isClinical: true,
  permissions: {
    canCreateLandmarks: false,
    canPublishLandmarks: false,
    canSetInterpolation: false,
    canSeeContour: false,
    canChangeVisualisationObjects: false,
    canAddAnalysisResources: false,
    canAddComments: false,
  },
  ...overrides,
});

export const configFixture = (overrides: Partial<Config> = {}): Config => ({
  id: CONFIG_ID,
  studyId: STUDY_ID,
  visualisationIds: [VISUALISATION_ID],
  options: {},
  comments: [],
  ...overrides,
});

export const figureFixture = (overrides: Partial<AnalysisResource> = {}): AnalysisResource => ({
  id: 'f1000000-0000-4000-8000-000000000001',
  analysisId: ANALYSIS_ID,
  type: 2,
  name: 'Pressure gradient',
  filename: 'gradient.png',
  metadata: { mimeType: 'image/png' },
  size: 1234,
  uploadSuccessful: true,
  attributes: {},
  sourceVersion: '',
  sourceClient: '',
  dateCreated: NOW,
  readUrl: '/files/gradient.png',
  ...overrides,
});

/** A gated study with phases at 0, 40 (the default, systolic) and 70 % (diastolic). */
export const gatedViewerLoadFixture = (overrides: Partial<ViewerLoad> = {}): ViewerLoad => {
  const phases = [viewerPhaseFixture(0), viewerPhaseFixture(40, { isDefault: true }), viewerPhaseFixture(70)];
  const base = viewerLoadFixture();
  const systolic = phases[1] as ViewerPhase;
  return {
    ...base,
    dicom: { studyResourceId: systolic.id, attributes: systolic.attributes },
    phases,
    study: {
      ...base.study,
      dicomVolumeId: systolic.id,
      phases: phases.map(({ attributes: _attributes, ...phase }) => phase),
    },
    ...overrides,
  };
};
