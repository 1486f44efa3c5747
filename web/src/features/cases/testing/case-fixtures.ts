import type { Case, Device, Intervention, Order, Training, UserSummary } from '@cardiomap/contract';

/** Catalogue, users and a case as the API answers them, for the cases feature's component tests. */

export const ORG_ID = '22222222-2222-4222-8222-222222222222';
export const OTHER_ORG_ID = '23232323-2323-4323-8323-232323232323';
export const TAVI_ID = 'a0000000-0000-4000-8000-000000000001';
export const LAAO_ID = 'a0000000-0000-4000-8000-000000000002';

export const tavi: Intervention = {
  id: TAVI_ID,
  name: 'Transcatheter Aortic Valve Implantation',
  prefix: 'TAVI',
  variantLimit: 2,
  trainingRequired: true,
  deviceIds: [],
};
export const laao: Intervention = {
  id: LAAO_ID,
  name: 'Left Atrial Appendage Occlusion',
  prefix: 'LAAO',
  variantLimit: 1,
  trainingRequired: false,
  deviceIds: [],
};

const variant = (deviceId: string, n: number, name: string) => ({
  id: `${deviceId.slice(0, -2)}${String(n).padStart(2, '0')}`.replace(/^d/, 'e'),
  name,
  deviceId,
});

const clinical = (...services: number[]) => services.map((service) => ({ service, isClinical: true }));

export const sapien: Device = {
  id: 'd0000000-0000-4000-8000-000000000001',
  name: 'SAPIEN 3',
  manufacturer: 'Edwards',
  interventionId: TAVI_ID,
  variants: [],
  services: clinical(0, 1),
};
sapien.variants = [variant(sapien.id, 11, '20'), variant(sapien.id, 12, '23'), variant(sapien.id, 13, '26')];
export const evolut: Device = {
  id: 'd0000000-0000-4000-8000-000000000002',
  name: 'Evolut PRO+',
  manufacturer: 'Medtronic',
  interventionId: TAVI_ID,
  variants: [],
  services: clinical(0),
};
evolut.variants = [variant(evolut.id, 21, '29')];
export const acurate: Device = {
  id: 'd0000000-0000-4000-8000-000000000003',
  name: 'ACURATE neo2',
  manufacturer: 'Boston Scientific',
  interventionId: TAVI_ID,
  variants: [],
  services: [{ service: 0, isClinical: false }],
};
export const portico: Device = {
  id: 'd0000000-0000-4000-8000-000000000006',
  name: 'Portico',
  manufacturer: 'Abbott',
  interventionId: TAVI_ID,
  variants: [],
  services: clinical(0, 1),
};
export const unlicensed: Device = {
  id: 'd0000000-0000-4000-8000-000000000004',
  name: 'Navitor',
  manufacturer: 'Abbott',
  interventionId: TAVI_ID,
  variants: [],
  services: [],
};
export const watchman: Device = {
  id: 'd0000000-0000-4000-8000-000000000005',
  name: 'WATCHMAN FLX',
  manufacturer: 'Boston Scientific',
  interventionId: LAAO_ID,
  variants: [],
  services: clinical(0, 1),
};
export const allDevices = [sapien, evolut, acurate, portico, unlicensed, watchman];

export const training = (overrides: Partial<Training> = {}): Training => ({
  id: '33333333-3333-4333-8333-333333333333',
  interventionId: TAVI_ID,
  interventionPrefix: 'TAVI',
  interventionName: tavi.name,
  title: 'TAVI planning training',
  region: null,
  trainingRequired: true,
  userFollowedTraining: true,
  ...overrides,
});

export const colleague: UserSummary = {
  id: '44444444-4444-4444-8444-444444444444',
  email: 'colleague@cardiomap.test',
  givenName: 'Cora',
  familyName: 'Valve',
  title: 'Dr.',
  organisationIds: [ORG_ID],
};

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export const CASE_ID = 'c0000000-0000-4000-8000-000000000001';

export const order = (overrides: Partial<Order> = {}): Order => ({
  id: 'f0000000-0000-4000-8000-000000000001',
  caseId: CASE_ID,
  service: 0,
  status: 0,
  deviceIds: [sapien.id],
  deviceVariantIds: [],
  isInitial: true,
  isClinical: true,
  degradation: null,
  delivery: null,
  dateCreated: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

export const caseFixture = (overrides: Partial<Case> = {}): Case => ({
  id: CASE_ID,
  caseIdentifier: 'HVC-TAVI-00042',
  status: 2,
  organisationId: ORG_ID,
  organisation: { id: ORG_ID, code: 'HVC', name: 'Heart Valve Centre Rotterdam' },
  interventionId: TAVI_ID,
  intervention: { id: TAVI_ID, name: tavi.name, prefix: 'TAVI', variantLimit: 2 },
  orders: [order()],
  services: [{ service: 0, status: 1 }],
  devices: [{ id: sapien.id, name: sapien.name }],
  deviceVariantNames: [],
  studyId: null,
  inputDataIds: [],
  sharedWith: [],
  sharedBy: null,
  isSharedToCurrentUser: false,
  caseResponsibleId: null,
  caseResponsible: null,
  createdById: '11111111-1111-4111-8111-111111111111',
  isResearch: false,
  isProspective: true,
  allowDataProcessing: true,
  hasReport: false,
  hasPdfReport: false,
  hasDeliveredOrder: false,
  accessDenied: false,
  patientInformation: { identifier: 'PAT-123', age: 81, sex: 'F' },
  patientIdentifier: 'PAT-123',
  patientAge: 81,
  patientSex: 'F',
  hasUpdatedPatientIdentifier: false,
  physicianComment: 'Porcelain aorta',
  analystComment: '',
  rejection: null,
  imagingDate: null,
  interventionDatetime: null,
  expectedDeliveryDatetime: null,
  dateCreated: '2026-11-20T09:00:00.000Z',
  dateSubmitted: null,
  dateCompleted: null,
  dateModified: '2026-11-20T09:00:00.000Z',
  hasUnseenChange: false,
  canBeCanceled: false,
  isRejectable: false,
  canEdit: true,
  canChangeDevices: true,
  canRequestPatientInformation: false,
  ...overrides,
});
