/** Query keys of the registration feature. */
export const registrationKeys = {
  all: ['registration'] as const,
  organisations: (search: string) => [...registrationKeys.all, 'organisations', search] as const,
  verification: (key: string) => [...registrationKeys.all, 'verification', key] as const,
};
