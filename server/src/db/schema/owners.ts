/**
 * Which module owns each table (issue 29): only the owner's code writes it; another module that needs a
 * change there calls a use case the owner exports. Reference tables filled only by the seeds belong to
 * the module that reads them. `tooling/table-owners.test.ts` reads every module's SQL text and Drizzle
 * calls and fails on a write this map and the exceptions below do not allow. The job runtime
 * (`server/src/jobs/`) counts as `jobs`.
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  app_secrets: 'accounts',
  auth_sessions: 'accounts',
  refresh_tokens: 'accounts',
  otp_challenges: 'accounts',
  password_history: 'accounts',
  password_reset_tokens: 'accounts',
  audit_events: 'audit',
  cases: 'cases',
  case_identifier_counters: 'cases',
  case_views: 'cases',
  orders: 'orders',
  order_devices: 'orders',
  order_device_variants: 'orders',
  degradations: 'orders',
  deliveries: 'orders',
  shared_cases: 'sharing',
  interventions: 'catalogue',
  devices: 'catalogue',
  device_services: 'catalogue',
  device_variants: 'catalogue',
  rejection_reasons: 'catalogue',
  degradation_reasons: 'catalogue',
  trial_licenses: 'licences',
  device_accesses: 'licences',
  device_access_groups: 'licences',
  template_devices: 'licences',
  organisation_device_access_groups: 'licences',
  trainings: 'trainings',
  training_records: 'trainings',
  queues: 'jobs',
  job_types: 'jobs',
  jobs: 'jobs',
  job_resources: 'jobs',
  input_data: 'uploads',
  studies: 'studies',
  study_resources: 'studies',
  mail_outbox: 'notifications',
  regions: 'organisations',
  organisations: 'organisations',
  organisation_memberships: 'users',
  pages: 'pages',
  rate_limits: 'rate-limits',
  sign_in_failures: 'rate-limits',
  registrations: 'registration',
  permissions: 'users',
  groups: 'users',
  group_permissions: 'users',
  group_memberships: 'users',
  specialisations: 'users',
  users: 'users',
  analyses: 'analyses',
  analysis_resources: 'analyses',
  landmark_types: 'landmarks',
  landmarks: 'landmarks',
  viewer_configs: 'visualisations',
  visualisations: 'visualisations',
  visualisation_objects: 'visualisations',
};

/**
 * Writes outside the owner, each named with why. `deliberate`: the write belongs where it is.
 * `to move`: not yet a use case on the owner (issue 29 item 2 names the target); the list only shrinks.
 */
export const OWNERSHIP_EXCEPTIONS: readonly {
  writer: string;
  table: string;
  kind: 'deliberate' | 'to move';
  why: string;
}[] = [
  {
    writer: 'accounts',
    table: 'users',
    kind: 'deliberate',
    why: "the signed-in user's own credentials and sign-in columns (password, OTP, last login) are the account's",
  },
];
