import { and, asc, count, eq, exists, ilike, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  cases,
  groups,
  organisationMemberships,
  organisations,
  regions,
  registrations,
  users,
} from '../../db/schema/index.ts';

export type OrganisationRow = typeof organisations.$inferSelect & { region: string };
export type OrganisationValues = Omit<typeof organisations.$inferInsert, 'id' | 'dateCreated'>;

const columns = {
  id: organisations.id,
  code: organisations.code,
  name: organisations.name,
  country: organisations.country,
  regionId: organisations.regionId,
  region: regions.name,
  allowDataProcessing: organisations.allowDataProcessing,
  dataProcessingContract: organisations.dataProcessingContract,
  hasConfidentialityAgreement: organisations.hasConfidentialityAgreement,
  requiresOtp: organisations.requiresOtp,
  passwordExpires: organisations.passwordExpires,
  passwordExpirationDays: organisations.passwordExpirationDays,
  distributorId: organisations.distributorId,
  dateCreated: organisations.dateCreated,
};

/** `%` and `_` typed by the administrator match themselves. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface OrganisationFilter {
  name?: string;
  code?: string;
  /** Limits the list to these organisations; undefined means every organisation. */
  onlyIds?: readonly string[];
}

function where(filter: OrganisationFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.name) conditions.push(ilike(organisations.name, contains(filter.name)));
  if (filter.code) conditions.push(ilike(organisations.code, contains(filter.code)));
  if (filter.onlyIds)
    conditions.push(inArray(organisations.id, [...filter.onlyIds, '00000000-0000-0000-0000-000000000000']));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listOrganisations(
  db: DbOrTx,
  filter: OrganisationFilter,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: OrganisationRow[] }> {
  const condition = where(filter);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(organisations)
      .innerJoin(regions, eq(regions.id, organisations.regionId))
      .where(condition)
      .orderBy(asc(organisations.code))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(organisations).where(condition),
  ]);
  return { count: Number(total[0]?.n ?? 0), rows };
}

export async function findOrganisation(db: DbOrTx, id: string, lock = false): Promise<OrganisationRow | null> {
  const query = db
    .select(columns)
    .from(organisations)
    .innerJoin(regions, eq(regions.id, organisations.regionId))
    .where(eq(organisations.id, id));
  const [row] = lock ? await query.for('update', { of: organisations }) : await query;
  return row ?? null;
}

export async function codeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code));
  return Boolean(row);
}

export async function regionExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id));
  return Boolean(row);
}

export async function organisationExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id));
  return Boolean(row);
}

export const listRegions = (db: DbOrTx) =>
  db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.name));

/** Inserts with the unique code as the arbiter: null when another request took the code first. */
export async function insertOrganisation(db: DbOrTx, values: OrganisationValues): Promise<string | null> {
  const [row] = await db
    .insert(organisations)
    .values(values)
    .onConflictDoNothing({ target: organisations.code })
    .returning({ id: organisations.id });
  return row?.id ?? null;
}

export async function updateOrganisation(db: DbOrTx, id: string, values: Partial<OrganisationValues>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(organisations).set(values).where(eq(organisations.id, id));
}

/** What keeps an organisation from being deleted: its cases and its members. */
export async function dependantsOf(db: DbOrTx, id: string): Promise<{ cases: number; members: number }> {
  const [c] = await db.select({ n: count() }).from(cases).where(eq(cases.organisationId, id));
  const [m] = await db
    .select({ n: count() })
    .from(organisationMemberships)
    .where(eq(organisationMemberships.organisationId, id));
  return { cases: Number(c?.n ?? 0), members: Number(m?.n ?? 0) };
}

export async function deleteOrganisation(db: DbOrTx, id: string): Promise<void> {
  await db.delete(organisations).where(eq(organisations.id, id));
}

/**
 * Pending users: verified (they have an account), active, no superuser, and member of no organisation.
 * The request text is what they typed or chose; the registration row (if any) says which organisation.
 */
const pending = and(
  eq(users.isActive, true),
  eq(users.isSuperuser, false),
  not(exists(sql`(SELECT 1 FROM ${organisationMemberships} WHERE ${organisationMemberships.userId} = ${users.id})`)),
);

const requestedOrganisation = sql<string | null>`(
  SELECT ${registrations.organisationId} FROM ${registrations}
   WHERE ${registrations.userId} = ${users.id}
   ORDER BY ${registrations.verifiedAt} DESC NULLS LAST LIMIT 1)`;

export async function listPendingUsers(db: DbOrTx, window: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .select({
        userId: users.id,
        email: users.email,
        title: users.title,
        givenName: users.givenName,
        middleName: users.middleName,
        familyName: users.familyName,
        phoneNumber: users.phoneNumber,
        organisationRequest: users.organisationRequest,
        requestedOrganisationId: requestedOrganisation,
        dateCreated: users.dateCreated,
      })
      .from(users)
      .where(pending)
      .orderBy(asc(users.dateCreated), asc(users.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(users).where(pending),
  ]);
  return { count: Number(total[0]?.n ?? 0), rows };
}

/** The pending user, locked so two administrators cannot both decide; null when not pending. */
export async function lockPendingUser(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; email: string; givenName: string; organisationRequest: string } | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      givenName: users.givenName,
      organisationRequest: users.organisationRequest,
    })
    .from(users)
    .where(and(eq(users.id, userId), pending))
    .for('update');
  return row ?? null;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

export async function groupNames(db: DbOrTx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ name: groups.name })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
  return rows.map((r) => r.name);
}
