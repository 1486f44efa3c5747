export { LoginPage } from './LoginPage.tsx';
export { PendingRegistrationPage } from './PendingRegistrationPage.tsx';
export { patientIdentifiers, usePatientIdentifiers } from './patient-identifiers.ts';
export {
  endSession,
  prefetchCurrentUser,
  setCurrentUser,
  startSession,
  USER_INFO_KEY,
  useCurrentUser,
  useIsAuthenticated,
  useSessionStatus,
} from './session.ts';
export { TermsPage } from './TermsPage.tsx';
export { useCountdown } from './use-countdown.ts';
export { UserContext, useUser } from './user-context.ts';
