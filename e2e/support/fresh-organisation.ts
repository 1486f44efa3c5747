import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { ApiAs } from './imaging.ts';

export interface FreshOrganisation {
  id: string;
  name: string;
  physicianEmail: string;
}

/**
 * Setup, not under test: a new organisation of its own (a generated code, a unique name) with one
 * Physician who has approved the terms (unless told not to), made through the administration API by the signed-in superuser
 * of `admin`. A spec that changes an organisation (its licences, its trial) starts from nothing each
 * time, so it runs in any order, after any other spec and repeatedly (issue 30, CI robustness).
 */
export async function freshOrganisationWithPhysician(
  admin: Page,
  label: string,
  { approvedTerms = true, regionName }: { approvedTerms?: boolean; regionName?: string } = {},
): Promise<FreshOrganisation> {
  const api = await ApiAs.of(admin);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const regions = await api.get<{ id: string; name: string }[]>('/api/regions/');
  const region = regionName ? regions.find((r) => r.name === regionName) : regions[0];
  if (!region) throw new Error(`No region ${regionName ?? ''} to put the organisation in.`);
  const name = `${label} ${stamp}`;
  const organisation = await api.post<{ id: string }>('/api/organisations/', {
    code: '',
    name,
    country: 'IE',
    regionId: region.id,
  });
  const groups = await api.get<{ id: number; name: string }[]>('/api/groups/');
  const physicianGroup = groups.find((g) => g.name === 'Physician');
  if (!physicianGroup) throw new Error('No Physician role.');
  const physicianEmail = `e2e-physician-${stamp}@cardiomap.test`;
  const user = await api.post<{ id: string }>('/api/users/', {
    email: physicianEmail,
    password: DEMO_PASSWORD,
    password2: DEMO_PASSWORD,
    givenName: 'Fresh',
    familyName: 'Physician',
    groups: [physicianGroup.id],
    organisations: [{ organisationId: organisation.id, isPrimary: true }],
  });
  if (approvedTerms) await api.patch(`/api/users/${user.id}/`, { hasApprovedTerms: true });
  return { id: organisation.id, name, physicianEmail };
}
