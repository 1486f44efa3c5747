import { timestamp } from 'drizzle-orm/pg-core';

/** A creation time column: with time zone, set by the database. */
export const createdAt = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
