import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditRoutes } from './routes.ts';

export { type AuditEntry, recordAudit } from './repository.ts';

/** The audit trail's read side: GET audit-events/ for administrators. Writing is recordAudit. */
export const auditModule = fp(
  async function auditModule(app: FastifyInstance) {
    auditRoutes(app);
  },
  { name: 'audit', dependencies: ['auth'] },
);
