import { AppBar, Box, Button, Link, Toolbar } from '@mui/material';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { CookieConsent } from '../components/CookieConsent.tsx';
import { UserMenu } from '../features/account/index.ts';
import { useCurrentUser, useIsAuthenticated, useSessionStatus } from '../features/auth/index.ts';

/** The frame around every page: top bar with the user menu (or a sign-in link) and the cookie consent. */
export function ShellLayout() {
  const authenticated = useIsAuthenticated();
  const restoring = useSessionStatus() === 'restoring';
  const user = useCurrentUser();
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Link component={RouterLink} to="/" color="inherit" underline="none" variant="h6" sx={{ flexGrow: 1 }}>
            CardioMap
          </Link>
          {authenticated && user.data ? (
            <UserMenu user={user.data} />
          ) : (
            !authenticated &&
            !restoring &&
            pathname !== '/login' && (
              <Button color="inherit" component={RouterLink} to="/login">
                Sign in
              </Button>
            )
          )}
        </Toolbar>
      </AppBar>
      <Box component="main">
        <Outlet />
      </Box>
      <CookieConsent />
    </Box>
  );
}
