/** Query keys of user administration; every write invalidates `all`, so the table and form agree. */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (filters: { search: string; organisationId: string | null; page: number }) =>
    [...adminUserKeys.all, 'list', filters] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
  groups: ['groups'] as const,
  devices: ['admin-devices'] as const,
};
