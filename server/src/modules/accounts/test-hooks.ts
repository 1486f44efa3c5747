import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { carriesTestHooksToken } from '../../lib/test-hooks-secret.ts';
import { expirePassword } from './password-repository.ts';

const expireSchema = z.object({ email: z.string().trim().toLowerCase() });

/**
 * What the e2e suite needs to run the expired-password journey on a user of its own, every time (issue
 * 30: specs independent of each other's data and of repeats): the expiry the password policy would
 * set, on demand. Registered only with TEST_HOOKS_TOKEN set, each call carrying that secret; outside the
 * contract and the OpenAPI document.
 */
export function accountsTestHooks(app: FastifyInstance, token: string): void {
  app.post('/api/test-hooks/expire-password/', async (request, reply) => {
    if (!carriesTestHooksToken(request.headers['x-test-hooks-token'], token)) throw forbidden();
    const { email } = expireSchema.parse(request.body);
    if (!(await expirePassword(app.database.db, email))) throw notFound('No such user.');
    return reply.status(204).send();
  });
}
