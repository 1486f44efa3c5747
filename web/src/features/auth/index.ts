export { LoginPage } from './LoginPage.tsx';
export { PendingRegistrationPage } from './PendingRegistrationPage.tsx';
export {
  endSession,
  prefetchCurrentUser,
  setCurrentUser,
  startSession,
  USER_INFO_KEY,
  useCurrentUser,
  useIsAuthenticated,
} from './session.ts';
export { TermsPage } from './TermsPage.tsx';
export { useCountdown } from './use-countdown.ts';
export { UserContext, useUser } from './user-context.ts';
