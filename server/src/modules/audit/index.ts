export { type AuditEntry, recordAudit } from './repository.ts';
