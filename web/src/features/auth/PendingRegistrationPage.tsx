import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useUser } from './user-context.ts';

/** Spec §2 "/pendingregistration": the registration is received but no organisation is linked yet. */
export function PendingRegistrationPage() {
  usePageTitle('Registration pending');
  const user = useUser();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6, px: 2 }}>
      <Card sx={{ width: 560, maxWidth: '100%' }}>
        <CardContent>
          {user.primaryOrganisation ? (
            <>
              <Typography variant="h5" component="h1" gutterBottom>
                Your registration is approved
              </Typography>
              <Typography gutterBottom>You are a member of {user.primaryOrganisation.name}.</Typography>
              <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 1 }}>
                Go to the homepage
              </Button>
            </>
          ) : (
            <>
              <Typography variant="h5" component="h1" gutterBottom>
                Registration received
              </Typography>
              <Typography gutterBottom>
                Thank you for registering. An administrator will link your account to your organisation; you will
                receive an e-mail at {user.email} when it is ready.
              </Typography>
              {user.organisationRequest && (
                <Typography color="text.secondary" data-testid="organisation-request">
                  Organisation requested: {user.organisationRequest}
                </Typography>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
