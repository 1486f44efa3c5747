/** Query keys of the incoming registrations; `all` reaches the list and the badge's count. */
export const registrationKeys = {
  all: ['incoming-registrations'] as const,
  page: (page: number) => [...registrationKeys.all, 'page', page] as const,
  count: ['incoming-registrations', 'count'] as const,
};
