import { JobStatus, type RouteDef, type RouteName, routes } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeWorld, PRINCIPALS, type Principal, signInAll, type World } from './world.ts';

/**
 * Issue 22 (Verification): every route of the contract × every principal, with the status class the
 * route's relation to the principal must give. A route missing from the table fails the first test, so
 * a new route cannot be added without saying who may call it.
 *
 * - public: no sign-in needed (anonymous is not answered 401).
 * - self: any signed-in user with a role: their own account, the catalogue, lists filtered to what
 *   they may see (never 401/403/404); the user without role or organisation may get 403/404.
 * - staff: needs a permission no physician has (physicians and the user without permission: 403/404).
 * - case: an object of the own organisation's case (other organisation: 404; shared and own see it).
 * - caseStaff: a staff operation on an object of that case (physicians: 403/404; the admin may).
 * A route with a body schema is validated before its object is looked up, so every staff/case row of a
 * body route gives a body the contract's schema accepts (the relation, not validation, decides), or
 * names why it cannot in `validatedFirst`: only there 400 stands for the 403/404 (the guard test below
 * keeps that list explicit). `self` rows accept 400 anyway (they are never refused).
 */
type Kind = 'public' | 'self' | 'staff' | 'case' | 'caseStaff';
type Key = keyof World;
interface Row {
  kind: Kind;
  /** Which world object `:id` (or the route's other params) names. */
  id?: Key;
  query?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  /**
   * A list filtered to what the caller may see: an outsider gets 404 or an empty page, never the rows
   * (a `self` list: the member without view permission gets an empty page).
   */
  list?: true;
  /** A staff operation that needs a role on the case, which the admin (superuser) does not have either. */
  noneMay?: true;
  /** The route ends the caller's sign-in: it gets a sign-in of its own. */
  endsSignIn?: true;
  /**
   * Opt-out, with the reason: the row sends no valid body, so the route answers 400 before it looks its
   * object up and 400 stands for the 403/404 the relation gives. The relation is then NOT proven here.
   */
  validatedFirst?: string;
  /**
   * The parent (study, visualisation) is named in the body, and a hidden parent answers 400 on that field
   * exactly like a missing one (the scene routes' chosen answer, tested in viewer/visualisations-api.test.ts):
   * for the other organisation 400 stands for 404. It tells nothing a missing id would not.
   */
  hiddenParentIs400?: true;
}

const byCase = (w: World) => ({ case_id: w.caseId });
const byStudy = (w: World) => ({ study_id: w.studyId });
const ofUser = (w: World) => ({ user_id: w.ownUserId });
const byAnalysis = (w: World) => ({ analysis_id: w.analysisId });
/** A valid body for routes whose every field is optional: the request passes validation, changes nothing. */
const empty = () => ({});
/**
 * Staff bodies name an organisation/user no row has: the admin is then refused by lookup (no state
 * changes other rows read), while the permission check must still refuse everyone else first.
 */
const anatomical = [{ service: 0, isClinical: true }];
const nowhere = (w: World) => ({ organisationId: w.missing });
const byStudyBody = (w: World) => ({ studyId: w.studyId });
const r = (kind: Kind, id?: Key, extra: Omit<Row, 'kind' | 'id'> = {}): Row => ({ kind, id, ...extra });

const TABLE: Record<RouteName, Row> = {
  health: r('public'),
  healthReady: r('public'),
  signIn: r('public'),
  verifyOtp: r('public'),
  resendOtp: r('public'),
  refresh: r('public'),
  logout: r('self', undefined, { endsSignIn: true }),
  register: r('public'),
  registrationOrganisations: r('public'),
  verifyEmail: r('public'),
  resendVerification: r('public'),
  userInfo: r('self'),
  permissions: r('self'),
  groups: r('self'),
  getSettings: r('self'),
  patchSettings: r('self'),
  acceptTerms: r('self'),
  passwordReset: r('public'),
  passwordResetConfirm: r('public'),
  passwordChange: r('self'),
  profileChange: r('self'),
  sessions: r('self'),
  revokeAllSessions: r('self', undefined, { endsSignIn: true }),
  logoutRefresh: r('public'),
  interventions: r('self'),
  devices: r('self'),
  deviceVariants: r('self'),
  rejectionReasons: r('self'),
  degradationReasons: r('self'),
  bizDatetimeIn: r('self'),
  trainings: r('self'),
  completeTraining: r('self', 'missing'),
  deviceAccessGroups: r('self'),
  createDeviceAccessGroup: r('staff', undefined, { body: () => ({ name: 'Authorization table group' }) }),
  updateDeviceAccessGroup: r('staff', 'missing', { body: () => ({ name: 'Renamed' }) }),
  deleteDeviceAccessGroup: r('staff', 'missing'),
  subscribeDeviceAccessGroup: r('staff', 'missing', { body: nowhere }),
  unsubscribeDeviceAccessGroup: r('staff', 'missing', { body: nowhere }),
  createTemplateDevice: r('staff', undefined, {
    body: (w) => ({ deviceAccessGroupId: w.missing, deviceId: w.deviceId, services: anatomical }),
  }),
  deleteTemplateDevice: r('staff', 'missing'),
  deviceAccesses: r('self'),
  createLicensedDevice: r('staff', undefined, {
    body: (w) => ({ organisationId: w.missing, deviceId: w.deviceId, services: anatomical }),
  }),
  deleteLicensedDevice: r('staff', 'missing'),
  trialLicenses: r('self'),
  createTrialLicense: r('staff', undefined, { body: nowhere }),
  updateTrialLicense: r('staff', 'missing', { body: () => ({ limit: 3 }) }),
  deleteTrialLicense: r('staff', 'missing'),
  trainingRecords: r('self'),
  page: r('self'),
  savePageSection: r('staff', undefined, { body: (w) => ({ regionId: w.missing, title: 'Title', body: 'Text' }) }),
  deletePageSection: r('staff', 'missing'),
  organisationContacts: r('self'),
  auditEvents: r('staff'),
  regions: r('staff'),
  listOrganisations: r('staff'),
  createOrganisation: r('staff', undefined, {
    body: (w) => ({ name: 'Authorization table clinic', country: 'DE', regionId: w.missing }),
  }),
  updateOrganisation: r('staff', 'ownOrganisationId', { body: empty }),
  deleteOrganisation: r('staff', 'missing'),
  incomingRegistrations: r('staff'),
  approveRegistration: r('staff', 'missing', { body: (w) => ({ groups: [1], organisationId: w.ownOrganisationId }) }),
  declineRegistration: r('staff', 'missing', { body: () => ({ reason: 'Unknown applicant' }) }),
  listCases: r('self', undefined, { list: true }),
  createCase: r('self'),
  getCase: r('case', 'caseId'),
  patchCase: r('case', 'caseId', { body: empty }),
  caseText: r('case', 'caseId'),
  rejectCase: r('caseStaff', 'caseId', { body: (w) => ({ reasonId: w.rejectionReasonId, comment: '' }) }),
  // case-rejections/: the rejection of a case by case id in the query or body (architecture.md §6.8).
  listCaseRejections: r('case', undefined, { query: byCase, list: true }),
  createCaseRejection: r('caseStaff', undefined, {
    body: (w) => ({ caseId: w.caseId, reasonId: w.rejectionReasonId, comment: '' }),
  }),
  cancelCase: r('case', 'caseId', { body: empty }),
  markCaseSeen: r('case', 'caseId', { body: empty }),
  assignCaseResponsible: r('case', 'caseId', { body: (w) => ({ caseResponsibleId: w.ownUserId }) }),
  shareCase: r('case', 'caseId', { body: () => ({ email: PRINCIPALS.shared }) }),
  revokeShare: r('case', 'caseId'),
  patientInformation: r('case', 'caseId'),
  sensitiveData: r('case', 'caseId'),
  listUsers: r('self'),
  getUser: r('staff', 'ownUserId'),
  createUser: r('staff', undefined, {
    body: (w) => ({
      email: 'authz-table@cardiomap.test',
      password: 'short',
      password2: 'short',
      givenName: 'Table',
      familyName: 'Row',
      organisations: [{ organisationId: w.missing }],
    }),
  }),
  updateUser: r('staff', 'ownUserId', { body: empty }),
  deactivateUser: r('staff', 'missing'),
  setUserPassword: r('staff', 'ownUserId', { body: () => ({ newPassword: 'short', newPassword2: 'short' }) }),
  expireUserPassword: r('staff', 'missing', { body: empty }),
  listGroupMemberships: r('staff', undefined, { query: ofUser }),
  createGroupMembership: r('staff', undefined, { body: (w) => ({ group: 1, userId: w.missing }) }),
  deleteGroupMembership: r('staff', 'missing'),
  listOrganisationMemberships: r('staff', undefined, { query: ofUser }),
  createOrganisationMembership: r('staff', undefined, {
    body: (w) => ({ organisationId: w.ownOrganisationId, userId: w.missing }),
  }),
  updateOrganisationMembership: r('staff', 'missing', { body: empty }),
  deleteOrganisationMembership: r('staff', 'missing'),
  listSpecialisations: r('staff', undefined, { query: ofUser }),
  createSpecialisation: r('staff', undefined, { body: (w) => ({ userId: w.missing, deviceId: w.deviceId }) }),
  deleteSpecialisation: r('staff', 'missing'),
  createOrder: r('case', undefined, { body: (w) => ({ caseId: w.caseId, service: 0, deviceIds: [w.deviceId] }) }),
  duplicateOrder: r('case', 'orderId', { body: empty }),
  changeRequestedDevice: r('case', 'orderId', { body: (w) => ({ deviceIds: [w.deviceId] }) }),
  createDegradation: r('caseStaff', undefined, { body: (w) => ({ orderId: w.orderId, remark: 'Noisy images' }) }),
  createDelivery: r('caseStaff', undefined, { body: (w) => ({ orderId: w.orderId }) }),
  deleteDelivery: r('caseStaff', 'missing'),
  obsoleteDelivery: r('caseStaff', 'missing', { body: empty }),
  createInputData: r('case', undefined, { body: (w) => ({ caseId: w.caseId, filename: 'scan.zip' }) }),
  listInputData: r('case', undefined, { query: byCase, list: true }),
  getInputData: r('case', 'inputDataId'),
  caseDicom: r('case', 'caseId'),
  confirmUpload: r('case', 'inputDataId'),
  reingestInputData: r('caseStaff', 'inputDataId', { body: empty }),
  listStudies: r('case', undefined, { query: byCase, list: true }),
  getStudy: r('case', 'studyId'),
  listStudyResources: r('case', undefined, { query: byStudy, list: true }),
  getStudyResource: r('case', 'studyResourceId'),
  listJobs: r('case', undefined, { query: byCase, list: true }),
  getJob: r('case', 'jobId'),
  terminateJob: r('caseStaff', 'jobId', { body: empty }),
  patchJob: r('caseStaff', 'jobId', { body: () => ({ status: JobStatus.TERMINATED }) }),
  listJobResources: r('case', undefined, { query: (w) => ({ job_id: w.jobId }), list: true }),
  listJobTypes: r('self'),
  listQueues: r('self'),
  loadViewer: r('case', 'studyId'),
  loadCaseViewer: r('case', 'caseId'),
  patchStudy: r('caseStaff', 'studyId', { body: empty }),
  // The form as the parser hands it to validation (a JSON body of the same shape passes the same schema);
  // the world's case is completed, so the admin is refused by state (409), nothing stored.
  uploadLegacyConfig: r('caseStaff', 'studyId', {
    body: () => ({
      configFile: { filename: 'config.json', mimeType: 'application/json', size: 2, text: '{}' },
      caseIdentifier: 'TAVI-0001',
    }),
  }),
  // A phase no study has: the admin is refused by lookup (400), the default of the world's study unchanged.
  setDefaultPhase: r('caseStaff', 'studyId', { body: (w) => ({ phaseId: w.missing }) }),
  createStudyResource: r('caseStaff', undefined, {
    body: (w) => ({ studyId: w.studyId, type: 3, name: 'Report', filename: 'report.pdf' }),
  }),
  confirmStudyResource: r('caseStaff', 'studyResourceId'),
  deleteStudyResource: r('caseStaff', 'studyResourceId'),
  setStudyResourceAttributes: r('caseStaff', 'studyResourceId', { body: () => ({ interpolationType: 0 }) }),
  listAnalyses: r('case', undefined, { query: byStudy, list: true }),
  getAnalysis: r('case', 'analysisId'),
  createAnalysis: r('caseStaff', undefined, { body: (w) => ({ studyId: w.studyId, type: 0 }) }),
  patchAnalysis: r('case', 'analysisId', { body: () => ({ results: [] }) }),
  deleteAnalysis: r('caseStaff', 'analysisId'),
  listAnalysisResources: r('case', undefined, { query: byAnalysis, list: true }),
  getAnalysisResource: r('case', 'analysisResourceId'),
  createAnalysisResource: r('caseStaff', undefined, {
    body: (w) => ({ analysisId: w.analysisId, type: 1, name: 'Mesh', filename: 'mesh.vtp' }),
  }),
  confirmAnalysisResource: r('caseStaff', 'analysisResourceId'),
  setAnalysisResourceAttributes: r('caseStaff', 'analysisResourceId', { body: () => ({ attributes: {} }) }),
  deleteAnalysisResource: r('caseStaff', 'analysisResourceId'),
  listConfigs: r('case', undefined, { query: byAnalysis, list: true }),
  getConfig: r('case', 'missing'),
  createConfig: r('case', undefined, { body: byStudyBody, hiddenParentIs400: true }),
  patchConfig: r('case', 'missing', { body: empty }),
  deleteConfig: r('case', 'missing'),
  listVisualisations: r('case', undefined, { query: byStudy, list: true }),
  getVisualisation: r('case', 'missing'),
  createVisualisation: r('case', undefined, { body: byStudyBody, hiddenParentIs400: true }),
  patchVisualisation: r('case', 'missing', { body: empty }),
  deleteVisualisation: r('case', 'missing'),
  listVisualisationObjects: r('case', undefined, { query: byStudy, list: true }),
  getVisualisationObject: r('case', 'missing'),
  createVisualisationObject: r('case', undefined, {
    body: (w) => ({ name: 'Object', visualisationId: w.visualisationId }),
    hiddenParentIs400: true,
  }),
  patchVisualisationObject: r('case', 'missing', { body: empty }),
  deleteVisualisationObject: r('case', 'missing'),
  listLandmarkTypes: r('self'),
  listLandmarks: r('case', undefined, { query: byAnalysis, list: true }),
  getLandmark: r('case', 'landmarkId'),
  createLandmark: r('case', undefined, {
    body: (w) => ({ analysisId: w.analysisId, geometryType: 0, viewType: 4, points: [[0, 0, 0]] }),
  }),
  patchLandmark: r('case', 'landmarkId', { body: empty }),
  deleteLandmark: r('case', 'landmarkId'),
  publishLandmark: r('caseStaff', 'landmarkId', { noneMay: true, body: empty }),
  unpublishLandmark: r('caseStaff', 'landmarkId', { noneMay: true, body: empty }),
  getReportConfig: r('case', 'studyId'),
  generateStudyReport: r('case', undefined, { body: byStudyBody }),
  getStudyReport: r('case', 'missing'),
};

const OK = (s: number) => s >= 200 && s < 300;
type Check = (status: number, body: string) => boolean;
const oneOf =
  (...allowed: (number | 'ok')[]): Check =>
  (s) =>
    allowed.some((a) => (a === 'ok' ? OK(s) : a === s));
const not =
  (...refused: number[]): Check =>
  (s) =>
    s < 500 && !refused.includes(s);

/** A filtered list: refused, or answered without a single row. */
const emptyOr =
  (...refused: number[]): Check =>
  (s, body) =>
    refused.includes(s) || (OK(s) && /"count":0\b/.test(body) && /"results":\[\]/.test(body));

/**
 * Issue 27: a member of the case's organisation without cases.view_case_details sees none of its cases.
 * Every case route refuses it (the case list gives it no row), and answers it exactly as it answers the
 * same request naming objects that do not exist (`unseenTwin`): a 403 only from a permission checked
 * before the case is looked up, which tells nothing about the case. Its own account routes may refuse it
 * (it holds no case permission); the staff routes its licence-template permissions open are not this
 * row's subject.
 */
function withoutView(row: Row): Check | null {
  if (row.kind === 'self') return row.list ? emptyOr() : not(401);
  if (row.kind === 'staff') return null;
  if (row.list) return emptyOr(403, 404);
  return oneOf(403, 404, ...(row.hiddenParentIs400 || row.validatedFirst ? [400] : []));
}

/** The world's case objects replaced by ids no row has: what a case the caller may not see must look like. */
const CASE_OBJECTS = [
  'caseId',
  'orderId',
  'inputDataId',
  'studyId',
  'studyResourceId',
  'jobId',
  'analysisId',
  'analysisResourceId',
  'visualisationId',
  'landmarkId',
] as const satisfies readonly Key[];
const unseenTwin = (w: World): World => ({
  ...w,
  ...Object.fromEntries(CASE_OBJECTS.map((key) => [key, w.missing])),
});

/** The status class each principal must get, by the route's relation to it. */
function expected(row: Row, who: Principal): Check | null {
  if (row.kind === 'public') return who === 'anonymous' ? not(401) : null;
  if (who === 'anonymous') return oneOf(401);
  if (who === 'memberWithoutView') return withoutView(row);
  // Only an opted-out row (no valid body) may answer 400 where the relation refuses.
  const denied = (...codes: number[]) => oneOf(...codes, ...(row.validatedFirst ? [400] : []));
  switch (row.kind) {
    case 'self': {
      // An id no row has answers 404 to everyone (the route's own relation is tested elsewhere).
      const missing = row.id === 'missing' ? [] : [404];
      // The user without role or organisation may be refused (403), or find nothing of theirs (404).
      return who === 'noPermission' ? not(401) : not(401, 403, ...missing);
    }
    case 'staff':
      return who === 'admin' ? not(401, 403) : denied(403, 404);
    case 'case':
      if (row.list && (who === 'otherOrganisation' || who === 'noPermission')) return emptyOr(403, 404);
      if (who === 'otherOrganisation') return row.hiddenParentIs400 ? oneOf(400) : denied(404);
      if (who === 'noPermission') return denied(403, 404);
      return row.id === 'missing' ? not(401) : not(401, 404);
    case 'caseStaff':
      if (who === 'admin' && row.noneMay) return denied(403);
      if (who === 'admin') return row.id === 'missing' ? not(401, 403) : not(401, 403, 404);
      return denied(403, 404);
  }
}

function request(route: RouteDef, row: Row, w: World) {
  const url = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (name === 'caseId') return w.caseId;
    if (name === 'userId') return row.id === 'missing' ? w.missing : w.sharedUserId;
    if (name === 'slug') return 'docs';
    if (name === 'group') return '1';
    if (name === 'uid' || name === 'token' || name === 'verificationKey') return 'x';
    return row.id ? w[row.id] : w.missing;
  });
  const query = new URLSearchParams(row.query?.(w) ?? {}).toString();
  const body = row.body?.(w) ?? (route.body ? {} : undefined);
  return { method: route.method, url: query ? `${url}?${query}` : url, body };
}

describe('authorization over the contract’s route table', () => {
  let t: TestApp;
  let tokens: Record<Principal, string | null>;
  let shared: World;
  beforeAll(async () => {
    t = await createTestApp();
    tokens = await signInAll(t);
    shared = await makeWorld(t);
  });
  afterAll(async () => t.close());

  it('classifies every route of the contract', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, route] of Object.entries(routes)) {
      expect(TABLE[name as RouteName].kind === 'public', name).toBe(!route.auth);
    }
  });

  it('gives every staff/case body route a valid body, or opts it out by name', () => {
    const gaps: string[] = [];
    for (const [name, route] of Object.entries(routes) as [RouteName, RouteDef][]) {
      const row = TABLE[name];
      if (!route.body || row.kind === 'public' || row.kind === 'self') continue;
      const valid = route.body.safeParse(row.body?.(shared) ?? {}).success;
      // An opt-out whose body became valid must leave the list, so the list only names real gaps.
      if (valid === Boolean(row.validatedFirst))
        gaps.push(`${name}: ${valid ? 'valid body, drop validatedFirst' : 'no valid body and no validatedFirst'}`);
    }
    expect(gaps).toEqual([]);
  });

  // One test per route: a failure names its route, and no test runs long.
  it.each(Object.keys(routes) as RouteName[])('%s answers each principal by its relation', async (name) => {
    const route: RouteDef = routes[name];
    const row = TABLE[name];
    const failures: string[] = [];
    // Reads share one world; a write gets one of its own, and a delete one per principal (a successful
    // delete must not decide the next principal's answer).
    const routeWorld = route.method === 'GET' ? shared : await makeWorld(t);
    for (const who of Object.keys(PRINCIPALS) as Principal[]) {
      const check = expected(row, who);
      if (!check) continue;
      const w = route.method === 'DELETE' ? await makeWorld(t) : routeWorld;
      const { method, url, body } = request(route, row, w);
      const email = PRINCIPALS[who];
      const token = row.endsSignIn && email ? (await signIn(t, email)).access : tokens[who];
      const send = (req: ReturnType<typeof request>) =>
        t.app.inject({
          method: req.method,
          url: req.url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(req.body === undefined ? {} : { payload: req.body as object }),
        });
      const res = await send({ method, url, body });
      if (!check(res.statusCode, res.body))
        failures.push(`${method} ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      if (who === 'memberWithoutView' && (row.kind === 'case' || row.kind === 'caseStaff')) {
        const twin = await send(request(route, row, unseenTwin(w)));
        if (twin.statusCode !== res.statusCode || twin.body !== res.body)
          failures.push(
            `${method} ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 80)}, for missing ids ${twin.statusCode} ${twin.body.slice(0, 80)}`,
          );
      }
    }
    // Signing out everywhere ended the principals' other sign-ins too.
    if (row.endsSignIn) tokens = await signInAll(t);
    expect(failures).toEqual([]);
  });
});
