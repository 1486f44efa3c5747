import { ALL_PERMISSIONS, permissionLabel, ROLE_PERMISSIONS, ROLES } from '@cardiomap/domain';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { groupPermissions, groups, permissions, regions } from '../schema/index.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedJobCatalogue } from './job-catalogue.ts';
import { seedLandmarkTypes } from './landmark-types.ts';
import { seedPages } from './pages.ts';

export const REGIONS = ['Europe', 'North America', 'Latin America', 'Asia Pacific', 'Middle East and Africa'] as const;

/**
 * Data every installation needs, applied at every start: the permission strings of spec §6, the 13 roles
 * with the matrix of packages/domain (so the table stays the single source of truth), the regions and the
 * intervention and device catalogue, the job queues and job types, the predefined landmark types, the user guide.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(ALL_PERMISSIONS.map((codename) => ({ codename, name: permissionLabel(codename) })))
      .onConflictDoNothing({ target: permissions.codename });
    // Insert in display priority so group ids follow it on a fresh database.
    for (const name of ROLES) await tx.insert(groups).values({ name }).onConflictDoNothing({ target: groups.name });

    const permissionIds = new Map(
      (
        await tx
          .select()
          .from(permissions)
          .where(inArray(permissions.codename, [...ALL_PERMISSIONS]))
      ).map((p) => [p.codename, p.id]),
    );
    const groupRows = await tx
      .select()
      .from(groups)
      .where(inArray(groups.name, [...ROLES]));
    for (const group of groupRows) {
      const wanted = ROLE_PERMISSIONS[group.name as keyof typeof ROLE_PERMISSIONS].map((codename) => {
        const id = permissionIds.get(codename);
        if (id === undefined) throw new Error(`Permission ${codename} was not seeded`);
        return id;
      });
      await tx
        .delete(groupPermissions)
        .where(
          and(
            eq(groupPermissions.groupId, group.id),
            wanted.length ? notInArray(groupPermissions.permissionId, wanted) : sql`true`,
          ),
        );
      if (wanted.length) {
        await tx
          .insert(groupPermissions)
          .values(wanted.map((permissionId) => ({ groupId: group.id, permissionId })))
          .onConflictDoNothing();
      }
    }
    await tx
      .insert(regions)
      .values(REGIONS.map((name) => ({ name })))
      .onConflictDoNothing({ target: regions.name });
  });
  await seedCatalogue(db);
  await seedJobCatalogue(db);
  await seedLandmarkTypes(db);
  await seedPages(db);
}
