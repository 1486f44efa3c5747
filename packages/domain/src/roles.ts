import { ALL_PERMISSIONS, PERMISSIONS as P, type Permission } from './permissions.ts';

/** The 13 roles of spec §6, in display priority: a user's first role is the earliest one held. */
export const ROLES = [
  'Superuser',
  'Clinical Services Manager',
  'Case Manager',
  'Case Analyst',
  'Customer Support',
  'Venus Sales',
  'Venus Support',
  'Physician',
  'Field Clinical Specialist',
  'Terarecon Admin',
  'Development',
  'TemplateManager',
  'RnD Engineer',
] as const;
export type Role = (typeof ROLES)[number];

export const FIELD_CLINICAL_SPECIALIST: Role = 'Field Clinical Specialist';

const landmarksUndelivered = [
  P.addUndeliveredLandmark,
  P.changeUndeliveredLandmark,
  P.changeCustomLandmark,
  P.changePredefinedLandmark,
  P.deleteUndeliveredLandmark,
];
const landmarksDelivered = [P.addDeliveredLandmark, P.changeDeliveredLandmark, P.deleteDeliveredLandmark];
const resultFiles = [
  P.addAnalysisResource,
  P.changeAnalysisResource,
  P.deleteAnalysisResource,
  P.addStudyResource,
  P.changeStudyResource,
  P.deleteStudyResource,
];
const sceneObjects = [P.addVisualisationObject, P.changeVisualisationObject, P.deleteVisualisationObject];
const seeUnfinishedResults = [P.viewUndeliveredAnalyses, P.viewUnpublishedResults];
const processAnyCase = [P.processNonResearchCase, P.processResearchCase];
const patientInformation = [
  P.requestPatientInformation,
  P.requestPatientInformationUnderEvaluation,
  P.viewPatientInformation,
];
const orderHandling = [
  P.addOrder,
  P.duplicateOrder,
  P.addDegradation,
  P.addDelivery,
  P.deleteDelivery,
  P.addCaseRejection,
  P.changeRequestedDevice,
];
const userAdministration = [
  P.viewAllUsers,
  P.addUser,
  P.addGroupMembership,
  P.addOrganisationMembership,
  P.addOrganisation,
];
const licensing = [P.addDeviceAccess, P.addDeviceAccessGroup, P.subscribeDeviceAccessGroup];

/**
 * The role → permission matrix, one row per role. Read it as policy: who in the company (or at the
 * hospital) does what. Seeded as groups at every start, so changing a row changes the running system.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  Superuser: ALL_PERMISSIONS,
  // Runs the analysis service: everything about cases and results, plus licences, not accounts.
  'Clinical Services Manager': [
    P.viewCaseDetails,
    P.addCase,
    P.changeCase,
    P.addInputData,
    P.downloadInputData,
    P.cancelCase,
    P.cancelUnderEvaluationCase,
    P.addSharedCase,
    P.assignCaseResponsible,
    ...orderHandling,
    ...processAnyCase,
    ...patientInformation,
    ...resultFiles,
    P.changeStudy,
    ...landmarksUndelivered,
    ...landmarksDelivered,
    P.publishLandmark,
    ...seeUnfinishedResults,
    ...sceneObjects,
    ...licensing,
    P.skipTraining,
    P.terminateJob,
    P.allOrganisations,
  ],
  // Plans and delivers cases across hospitals; publishes what analysts measured.
  'Case Manager': [
    P.viewCaseDetails,
    P.changeCase,
    P.downloadInputData,
    P.cancelUnderEvaluationCase,
    P.assignCaseResponsible,
    ...orderHandling,
    ...processAnyCase,
    ...patientInformation,
    ...resultFiles,
    P.changeStudy,
    ...landmarksUndelivered,
    ...landmarksDelivered,
    P.publishLandmark,
    ...seeUnfinishedResults,
    ...sceneObjects,
    P.skipTraining,
    P.terminateJob,
    P.allOrganisations,
  ],
  // Measures anatomy and attaches results on undelivered cases; cannot deliver or publish.
  'Case Analyst': [
    P.viewCaseDetails,
    P.downloadInputData,
    P.addDegradation,
    ...processAnyCase,
    P.requestPatientInformationUnderEvaluation,
    ...resultFiles,
    ...landmarksUndelivered,
    // Analysts place the landmarks and publish them for the result; delivering stays with case managers.
    P.publishLandmark,
    ...seeUnfinishedResults,
    ...sceneObjects,
    P.skipTraining,
    P.allOrganisations,
  ],
  // Helps hospitals with accounts: users, organisations, memberships; sees cases read-only.
  'Customer Support': [P.viewCaseDetails, P.assignCaseResponsible, ...userAdministration, P.allOrganisations],
  // Sells device licences: licence templates and device accesses for every organisation.
  'Venus Sales': [P.viewCaseDetails, ...licensing, P.allOrganisations],
  // Device maker's support: reads cases and results of every organisation.
  'Venus Support': [P.viewCaseDetails, P.viewUndeliveredAnalyses, P.allOrganisations],
  // The hospital clinician: creates and follows own organisation's cases.
  Physician: [
    P.viewCaseDetails,
    P.addCase,
    P.changeCase,
    P.addInputData,
    P.downloadInputData,
    P.addOrder,
    P.duplicateOrder,
    P.cancelCase,
    P.addSharedCase,
    P.changeRequestedDevice,
    P.processNonResearchCase,
    P.requestPatientInformation,
    P.viewPatientInformation,
  ],
  // Device-company clinical specialist invited to cases by device specialisation; reads only.
  'Field Clinical Specialist': [P.viewCaseDetails],
  // Partner administrator: reads cases of the organisations it serves and manages their licences.
  'Terarecon Admin': [P.viewCaseDetails, P.addDeviceAccess, P.subscribeDeviceAccessGroup],
  // Engineers debugging the pipeline: results and jobs, no patient identity.
  Development: [
    P.viewCaseDetails,
    P.downloadInputData,
    ...processAnyCase,
    ...resultFiles,
    P.changeStudy,
    ...seeUnfinishedResults,
    ...sceneObjects,
    P.skipTraining,
    P.terminateJob,
    P.allOrganisations,
  ],
  TemplateManager: [P.addDeviceAccessGroup, P.subscribeDeviceAccessGroup],
  // Research engineers: research cases only, with landmark work on undelivered ones.
  'RnD Engineer': [
    P.viewCaseDetails,
    P.processResearchCase,
    ...landmarksUndelivered,
    ...seeUnfinishedResults,
    P.skipTraining,
    P.allOrganisations,
  ],
};

const priority = new Map<string, number>(ROLES.map((role, index) => [role, index]));

/** Sorts role names by display priority; names that are not spec roles go last, alphabetically. */
export const sortRoles = (names: Iterable<string>): string[] =>
  [...new Set(names)].sort((a, b) => {
    const pa = priority.get(a) ?? ROLES.length;
    const pb = priority.get(b) ?? ROLES.length;
    return pa !== pb ? pa - pb : a.localeCompare(b);
  });
