import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether the user holds a permission through one of their groups (roles), as a SQL condition. The one
 * place this join is spelled: the users picker, the case-responsible check and the notifications'
 * audience ask the same question and must answer it alike. `superuserHoldsAll` adds the superuser, who
 * holds every permission without a group (`u` must then be the users row in the query).
 */
export const holdsPermission = (userId: SQL, codename: string, options: { superuserHoldsAll?: boolean } = {}) => {
  const throughGroup = sql`EXISTS (SELECT 1 FROM group_memberships gm
      JOIN group_permissions gp ON gp.group_id = gm.group_id
      JOIN permissions p ON p.id = gp.permission_id
     WHERE gm.user_id = ${userId} AND p.codename = ${codename})`;
  return options.superuserHoldsAll ? sql`(u.is_superuser OR ${throughGroup})` : throughGroup;
};
