import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { carriesTestHooksToken } from '../../lib/test-hooks-secret.ts';
import { createMember } from '../users/index.ts';
import * as repo from './repository.ts';

const approveSchema = z.object({
  email: z.string().trim().toLowerCase(),
  organisationCode: z.string().length(3),
  roles: z.array(z.string()).max(5),
});

/**
 * What the e2e suite needs before the administration screens exist: approving a registration through
 * the very use case the administration's approval calls. Registered only with TEST_HOOKS_TOKEN set
 * (never in a deployment), each call carrying that secret; outside the contract and the OpenAPI document.
 */
export function registrationTestHooks(app: FastifyInstance, token: string): void {
  app.log.warn('TEST_HOOKS_TOKEN is set: /api/test-hooks/ is enabled (for the e2e suite only)');
  app.post('/api/test-hooks/approve-registration/', async (request, reply) => {
    if (!carriesTestHooksToken(request.headers['x-test-hooks-token'], token)) throw forbidden();
    const body = approveSchema.parse(request.body);
    const { db } = app.database;
    const userId = await repo.findUserIdByEmail(db, body.email);
    const organisationId = await repo.findOrganisationIdByCode(db, body.organisationCode);
    if (!userId || !organisationId) throw notFound('No such user or organisation.');
    await db.transaction((tx) => createMember(tx, { userId, organisationId, groupNames: body.roles }));
    return reply.status(204).send();
  });
}
