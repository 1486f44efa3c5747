import { pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases.ts';
import { users } from './users.ts';

/** When each user last opened each case's detail: the case list marks cases changed since then. */
export const caseViews = pgTable(
  'case_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.caseId] })],
);
