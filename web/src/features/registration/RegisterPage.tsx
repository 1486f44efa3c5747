import type { RegistrationAccepted } from '@cardiomap/contract';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { CheckEmailPanel } from './CheckEmailPanel.tsx';
import { RegisterForm } from './RegisterForm.tsx';

/** Spec §2 public route `register`; an invitation links here with `?email=…`. */
export function RegisterPage() {
  usePageTitle('Register');
  const [searchParams] = useSearchParams();
  const [registered, setRegistered] = useState<{ answer: RegistrationAccepted; password: string } | null>(null);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: { xs: 4, sm: 6 }, px: 2 }}>
      <Card sx={{ width: 560, maxWidth: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Register for CardioMap
          </Typography>
          {registered ? (
            <CheckEmailPanel answer={registered.answer} password={registered.password} />
          ) : (
            <>
              <RegisterForm
                initialEmail={searchParams.get('email')?.trim() ?? ''}
                onRegistered={(answer, request) => setRegistered({ answer, password: request.password })}
              />
              <Typography variant="body2" sx={{ mt: 2 }}>
                Already have an account?{' '}
                <Link component={RouterLink} to="/login">
                  Sign in
                </Link>
              </Typography>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
