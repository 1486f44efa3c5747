import type { Organisation, Paginated } from '@cardiomap/contract';

export const EUROPE = 'c0000000-0000-4000-8000-000000000001';
export const REGIONS = [
  { id: EUROPE, name: 'Europe' },
  { id: 'c0000000-0000-4000-8000-000000000002', name: 'North America' },
];

export const organisation = (overrides: Partial<Organisation> = {}): Organisation => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  code: 'HVC',
  name: 'Heart Valve Centre Rotterdam',
  country: 'NL',
  regionId: EUROPE,
  region: 'Europe',
  allowDataProcessing: true,
  dataProcessingContract: 'default',
  hasConfidentialityAgreement: false,
  requiresOtp: false,
  passwordExpires: true,
  passwordExpirationDays: 180,
  distributorId: null,
  dateCreated: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const pageOf = <T>(results: T[], count = results.length): Paginated<T> => ({
  count,
  next: null,
  previous: null,
  results,
});
