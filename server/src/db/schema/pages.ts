import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { regions } from './organisations.ts';
import { users } from './users.ts';

/**
 * Spec §3 Page: documentation stored as Markdown, one section per region (spec §2 Documentation:
 * a user sees the sections of their organisations' regions).
 */
export const pages = pgTable(
  'pages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    slug: varchar('slug', { length: 63 }).notNull(),
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    body: text('body').notNull(),
    dateModified: timestamp('date_modified', { withTimezone: true }).notNull().defaultNow(),
    modifiedById: uuid('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('pages_slug_region').on(t.slug, t.regionId)],
);
