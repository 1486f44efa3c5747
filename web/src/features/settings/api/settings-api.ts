import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';

/** Query keys of the settings page. */
export const settingsKeys = {
  sessions: ['sessions'] as const,
};

/** The display defaults as the server spells them (PATCH settings/). */
export type DisplaySettingsWire = { hide_patient_identifier?: boolean; cases_default_table_view?: boolean };

export const saveDisplaySettings = (settings: DisplaySettingsWire) =>
  call(routes.patchSettings, { body: { settings } });

/** POST profilechange/: names, title and phone; answers with the updated user. */
export const changeProfile = (body: {
  givenName: string;
  middleName: string;
  familyName: string;
  title: string;
  phoneNumber: string;
}) => call(routes.profileChange, { body });

/** POST passwordchange/; for MFA organisations the first answer asks for the e-mailed code (spec §4). */
export const changePassword = (body: {
  oldPassword: string;
  newPassword: string;
  newPassword2: string;
  otp?: string;
}) => call(routes.passwordChange, { body });

/** Open sign-ins of the user (GET sessions/). */
export const useSessions = () =>
  useQuery({ queryKey: settingsKeys.sessions, queryFn: ({ signal }) => call(routes.sessions, { signal }) });

/** Revokes every sign-in of the user, this browser's too. */
export const revokeAllSessions = () => call(routes.revokeAllSessions);
