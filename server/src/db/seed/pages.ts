import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { DOCS_BODY, DOCS_SLUG, DOCS_TITLE } from './docs-content.ts';

/**
 * The user guide for every region that has no `docs` section yet, so an edited section survives the
 * next start and a new region gets the guide.
 */
export async function seedPages(db: Db): Promise<void> {
  await db.execute(
    sql`INSERT INTO pages (slug, region_id, title, body)
        SELECT ${DOCS_SLUG}, r.id, ${DOCS_TITLE}, ${DOCS_BODY} FROM regions r
        ON CONFLICT (slug, region_id) DO NOTHING`,
  );
}
