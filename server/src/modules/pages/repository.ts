import type { OrganisationContacts, PageSection, PageSectionWrite } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn, queryOnPool } from '../../db/query.ts';

const sectionColumns = sql`
  p.id, p.region_id AS "regionId", r.name AS "region", p.title, p.body,
  to_char(p.date_modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "dateModified"`;

/** The page's sections for the regions of the given organisations, or every region when null. */
export async function listSections(
  database: Database,
  slug: string,
  organisationIds: string[] | null,
): Promise<PageSection[]> {
  const scope = organisationIds
    ? sql`AND p.region_id IN (SELECT o.region_id FROM organisations o
                               WHERE o.id = ANY(${sql.param(organisationIds)}::uuid[]))`
    : sql``;
  return queryOnPool(database)<PageSection>(
    sql`SELECT ${sectionColumns}
          FROM pages p JOIN regions r ON r.id = p.region_id
         WHERE p.slug = ${slug} ${scope}
         ORDER BY r.name`,
  );
}

export async function regionExists(tx: DbOrTx, regionId: string): Promise<boolean> {
  const rows = await queryOn(tx)<{ id: string }>(sql`SELECT id FROM regions WHERE id = ${regionId}`);
  return rows.length > 0;
}

/** One statement, so two editors saving at once leave one whole section, never a mix. */
export async function upsertSection(
  tx: DbOrTx,
  slug: string,
  section: PageSectionWrite,
  userId: string,
): Promise<string> {
  const [row] = await queryOn(tx)<{ id: string }>(
    sql`INSERT INTO pages (slug, region_id, title, body, modified_by_id)
        VALUES (${slug}, ${section.regionId}, ${section.title}, ${section.body}, ${userId})
        ON CONFLICT (slug, region_id)
        DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body,
                      modified_by_id = EXCLUDED.modified_by_id, date_modified = now()
        RETURNING id`,
  );
  if (!row) throw new Error('page upsert answered no row');
  return row.id;
}

/** The removed section's id, or null when the page had none for the region. */
export async function deleteSection(tx: DbOrTx, slug: string, regionId: string): Promise<string | null> {
  const rows = await queryOn(tx)<{ id: string }>(
    sql`DELETE FROM pages WHERE slug = ${slug} AND region_id = ${regionId} RETURNING id`,
  );
  return rows[0]?.id ?? null;
}

export async function findSection(tx: DbOrTx, id: string): Promise<PageSection | null> {
  const rows = await queryOn(tx)<PageSection>(
    sql`SELECT ${sectionColumns} FROM pages p JOIN regions r ON r.id = p.region_id WHERE p.id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Active members flagged as contact of each of the given organisations (spec §3 membership contact). */
export async function listContacts(database: Database, organisationIds: string[]): Promise<OrganisationContacts[]> {
  return queryOnPool(database)<OrganisationContacts>(
    sql`SELECT o.id AS "organisationId", o.name AS "organisationName",
               COALESCE(json_agg(json_build_object(
                 'name', trim(concat_ws(' ', NULLIF(u.title, ''), u.given_name, u.family_name)),
                 'email', u.email, 'phoneNumber', u.phone_number)
                 ORDER BY u.family_name, u.given_name) FILTER (WHERE u.id IS NOT NULL), '[]') AS "contacts"
          FROM organisations o
          LEFT JOIN organisation_memberships m ON m.organisation_id = o.id AND m.contact
          LEFT JOIN users u ON u.id = m.user_id AND u.is_active
         WHERE o.id = ANY(${sql.param(organisationIds)}::uuid[])
         GROUP BY o.id, o.name
         ORDER BY o.name`,
  );
}
