import { type RegistrationAccepted, routes } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';

export interface ResendInput {
  email: string;
  password: string;
}

export const resendVerification = (body: ResendInput): Promise<RegistrationAccepted> =>
  call(routes.resendVerification, { body });

/** POST emailverification/resend/: a new link for the registration this address and password made. */
export const useResendVerification = (feedback: MutationFeedback<RegistrationAccepted, ResendInput> = {}) =>
  useApiMutation({ mutationFn: resendVerification }, feedback);
