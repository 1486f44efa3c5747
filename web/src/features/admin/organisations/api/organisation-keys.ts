/** Query keys of organisations; `all` reaches every organisation list. */
export const organisationKeys = {
  all: ['organisations'] as const,
  list: (filter: { page: number; name: string; code: string }) => [...organisationKeys.all, 'list', filter] as const,
};
