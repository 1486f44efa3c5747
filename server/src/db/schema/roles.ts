import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, serial, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { devices } from './catalogue.ts';
import { users } from './users.ts';

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  codename: varchar('codename', { length: 100 }).notNull().unique(),
  name: varchar('name', { length: 255 }).notNull(),
});

/** A group is a role (spec §6); its permissions are seeded from the matrix in packages/domain. */
export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull().unique(),
});

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionId] })],
);

export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('group_memberships_unique').on(t.groupId, t.userId)],
);

export const specialisations = pgTable(
  'specialisations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('specialisations_unique').on(t.userId, t.deviceId)],
);
