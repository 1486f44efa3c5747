import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner.tsx';
import { UserContext, useCurrentUser, useIsAuthenticated, useSessionStatus } from '../features/auth/index.ts';
import { loginPathFor } from './login-redirect.ts';

/**
 * Spec §2: authenticated routes are entered only with a stored token and the user loaded; otherwise the
 * session is restored (page load) and the user is fetched, and on failure the user goes to login with a redirect query.
 */
export function RequireAuth() {
  const authenticated = useIsAuthenticated();
  const status = useSessionStatus();
  const location = useLocation();
  const user = useCurrentUser();
  // A page load restores the session by the cookie first: the sign-in page is not shown meanwhile.
  if (status === 'restoring') return <FullPageSpinner label="Loading your account" />;
  if (!authenticated || user.isError) return <Navigate to={loginPathFor(location)} replace />;
  if (!user.data) return <FullPageSpinner label="Loading your account" />;
  return (
    <UserContext.Provider value={user.data}>
      <Outlet />
    </UserContext.Provider>
  );
}
