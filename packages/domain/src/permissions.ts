/**
 * Every permission string of spec §6, exactly as the wire carries it. Roles are groups of these
 * (see roles.ts); the server seeds them and checks them, the web app derives flags from them.
 */
export const PERMISSIONS = {
  viewCaseDetails: 'cases.view_case_details',
  addCase: 'cases.add_heartguidecase',
  changeCase: 'cases.change_heartguidecase',
  addInputData: 'cases.add_inputdata',
  addOrder: 'cases.add_order',
  duplicateOrder: 'cases.duplicate_order',
  addDegradation: 'cases.add_degradation',
  addDelivery: 'cases.add_delivery',
  deleteDelivery: 'cases.delete_delivery',
  downloadInputData: 'cases.download_inputdata',
  cancelCase: 'cases.cancel_heartguidecase',
  cancelUnderEvaluationCase: 'cases.cancel_underevaluation_heartguidecase',
  addCaseRejection: 'cases.add_caserejection',
  addSharedCase: 'cases.add_sharedcase',
  assignCaseResponsible: 'cases.assign_case_responsible',
  changeRequestedDevice: 'cases.change_requested_device',
  processNonResearchCase: 'cases.process_non_research_heartguidecase',
  processResearchCase: 'cases.process_research_heartguidecase',
  requestPatientInformation: 'cases.request_patient_information',
  viewPatientInformation: 'cases.view_patient_information',
  requestPatientInformationUnderEvaluation: 'cases.request_patient_information_under_evaluation',

  addAnalysisResource: 'simulations.add_analysisresource',
  deleteAnalysisResource: 'simulations.delete_analysisresource',
  changeAnalysisResource: 'simulations.change_analysisresource',
  addStudyResource: 'simulations.add_studyresource',
  deleteStudyResource: 'simulations.delete_studyresource',
  changeStudyResource: 'simulations.change_studyresource',
  changeStudy: 'simulations.change_study',
  addUndeliveredLandmark: 'simulations.add_undelivered_landmark',
  addDeliveredLandmark: 'simulations.add_delivered_landmark',
  changeUndeliveredLandmark: 'simulations.change_undelivered_landmark',
  changeDeliveredLandmark: 'simulations.change_delivered_landmark',
  changeCustomLandmark: 'simulations.change_custom_landmark',
  changePredefinedLandmark: 'simulations.change_predefined_landmark',
  deleteUndeliveredLandmark: 'simulations.delete_undelivered_landmark',
  deleteDeliveredLandmark: 'simulations.delete_delivered_landmark',
  publishLandmark: 'simulations.publish_landmark',
  viewUndeliveredAnalyses: 'simulations.view_undelivered_analyses',
  viewUnpublishedResults: 'simulations.view_unpublished_results',

  addVisualisationObject: 'viewer.add_visualisationobject',
  changeVisualisationObject: 'viewer.change_visualisationobject',
  deleteVisualisationObject: 'viewer.delete_visualisationobject',

  addDeviceAccessGroup: 'licenses.add_deviceaccessgroup',
  addDeviceAccess: 'licenses.add_deviceaccess',
  subscribeDeviceAccessGroup: 'licenses.subscribe_deviceaccessgroup',
  addOrganisation: 'licenses.add_organisation',

  skipTraining: 'trainings.skip_training',
  terminateJob: 'jobs.terminate_job',

  allOrganisations: 'accounts.all_organisations',
  addUser: 'accounts.add_user',
  viewAllUsers: 'accounts.view_all_users',
  addGroupMembership: 'accounts.add_groupmembership',
  addOrganisationMembership: 'accounts.add_organisationmembership',
} as const;

export type PermissionKey = keyof typeof PERMISSIONS;
export type Permission = (typeof PERMISSIONS)[PermissionKey];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS);

/**
 * Who may be responsible for a case (the spec is silent; issue 30 #10): a member of its organisation who
 * may request analyses. Sales, support and engineers are members too, but not clinicians of the case.
 */
export const CASE_RESPONSIBLE_PERMISSION: Permission = PERMISSIONS.addCase;

/** Spec §6: editing users and organisations needs every one of these. */
export const EDIT_USERS_AND_ORGANISATIONS: readonly Permission[] = [
  PERMISSIONS.viewAllUsers,
  PERMISSIONS.addUser,
  PERMISSIONS.addGroupMembership,
  PERMISSIONS.addOrganisationMembership,
  PERMISSIONS.addOrganisation,
];

/** Human-readable label for the permission list (admin screens, OpenAPI descriptions). */
export const permissionLabel = (codename: string): string => {
  const [, action = codename] = codename.split('.');
  return action.replaceAll('_', ' ').replace('heartguidecase', 'case');
};
