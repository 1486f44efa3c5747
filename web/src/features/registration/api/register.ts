import { type RegisterRequest, type RegistrationAccepted, routes } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';

export const register = (body: RegisterRequest): Promise<RegistrationAccepted> => call(routes.register, { body });

/** POST registration/: the answer is the same whether or not the address already has an account. */
export const useRegister = (feedback: MutationFeedback<RegistrationAccepted, RegisterRequest> = {}) =>
  useApiMutation({ mutationFn: register }, feedback);
