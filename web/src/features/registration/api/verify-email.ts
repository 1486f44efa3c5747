import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { registrationKeys } from './registration-keys.ts';

export const verifyEmail = (verificationKey: string) => call(routes.verifyEmail, { params: { verificationKey } });

/**
 * GET emailverification/{key}/ once per key: the link is single use, so the answer is kept for the page's
 * life and never retried or refetched (a second call would only say "already used").
 */
export const useVerifyEmail = (verificationKey: string) =>
  useQuery({
    queryKey: registrationKeys.verification(verificationKey),
    queryFn: () => verifyEmail(verificationKey),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
