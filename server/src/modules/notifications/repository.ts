import { PERMISSIONS } from '@cardiomap/domain';
import { sql } from 'drizzle-orm';
import { holdsPermission } from '../../access/permission-sql.ts';
import type { Query } from '../../db/query.ts';

export interface CaseFacts {
  caseIdentifier: string;
  /** Only to keep it out of mail (mail-safe.ts); never put into a message. */
  patientIdentifier: string;
  studyId: string | null;
}

export interface Recipient {
  userId: string;
  email: string;
  givenName: string;
}

export async function caseFacts(query: Query, caseId: string): Promise<CaseFacts | undefined> {
  const [row] = await query<CaseFacts>(
    sql`SELECT c.case_identifier AS "caseIdentifier", c.patient_identifier AS "patientIdentifier",
               (SELECT s.id FROM studies s WHERE s.case_id = c.id LIMIT 1) AS "studyId"
          FROM cases c WHERE c.id = ${caseId}`,
  );
  return row;
}

/** Whether user `u` holds a permission (through a group, or as a superuser, who holds them all). */
const holds = (codename: string) => holdsPermission(sql`u.id`, codename, { superuserHoldsAll: true });

/**
 * Who hears about a case (issue 17 §3): its responsible (its creator when none was assigned) while they
 * can still see it (a member of its organisation, or of all organisations), and the users it is shared
 * with; either only while they hold cases.view_case_details, without which no case is visible (spec §6,
 * access/case-access.ts; canSeeSharedCases is the same permission). Active users only; never
 * `excludeUserId`, the one who made the change.
 */
export async function caseRecipients(query: Query, caseId: string, excludeUserId: string | null): Promise<Recipient[]> {
  return query<Recipient>(
    sql`SELECT u.id AS "userId", u.email, u.given_name AS "givenName"
          FROM cases c
          JOIN users u ON u.is_active
         WHERE c.id = ${caseId}
           AND u.id IS DISTINCT FROM ${excludeUserId}::uuid
           AND ${holds(PERMISSIONS.viewCaseDetails)}
           AND ((u.id = COALESCE(c.case_responsible_id, c.created_by_id)
                 AND (EXISTS (SELECT 1 FROM organisation_memberships om
                               WHERE om.user_id = u.id AND om.organisation_id = c.organisation_id)
                      OR ${holds(PERMISSIONS.allOrganisations)}))
             OR EXISTS (SELECT 1 FROM shared_cases sc WHERE sc.case_id = c.id AND sc.user_id = u.id))
         ORDER BY u.email`,
  );
}

export async function orderService(query: Query, orderId: string): Promise<number | undefined> {
  const [row] = await query<{ service: number }>(sql`SELECT service FROM orders WHERE id = ${orderId}`);
  return row?.service;
}

export async function rejectionReasonName(query: Query, reasonId: string): Promise<string | undefined> {
  const [row] = await query<{ name: string }>(sql`SELECT name FROM rejection_reasons WHERE id = ${reasonId}`);
  return row?.name;
}
