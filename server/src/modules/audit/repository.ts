import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';

/** One line of the append-only audit trail: who did what, to what, when and from where. */
export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  organisationId?: string | null;
  /** A validated IP (lib/client-address.ts); '' or absent: none known. */
  ip?: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({ ...entry, organisationId: entry.organisationId ?? null, ip: entry.ip || null });
}
