export const docsKeys = {
  all: ['pages'] as const,
  page: (slug: string, scope: 'mine' | 'all') => [...docsKeys.all, slug, scope] as const,
  contacts: () => ['organisation-contacts'] as const,
};
