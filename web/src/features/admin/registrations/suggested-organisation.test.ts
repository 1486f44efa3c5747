import { describe, expect, it } from 'vitest';
import { organisation } from '../testing/admin-fixtures.ts';
import { suggestedOrganisation } from './suggested-organisation.ts';

const stMary = organisation({ id: '10000000-0000-4000-8000-000000000001', name: 'St. Mary Hospital' });
const stMaryCardio = organisation({ id: '10000000-0000-4000-8000-000000000002', name: 'St. Mary Hospital Cardiology' });

describe('suggested organisation of a registration (issue 30 #10)', () => {
  it('takes the organisation named exactly as the request, case and spacing aside', () => {
    const registration = { organisationRequest: '  st. mary   HOSPITAL ', requestedOrganisationId: null };
    expect(suggestedOrganisation(registration, [stMaryCardio, stMary])).toBe(stMary);
  });

  it('takes the organisation the registrant picked, whatever they typed', () => {
    const registration = { organisationRequest: 'Cardiology', requestedOrganisationId: stMaryCardio.id };
    expect(suggestedOrganisation(registration, [stMary, stMaryCardio])).toBe(stMaryCardio);
  });

  it('suggests none for a request that only resembles names, or an empty one', () => {
    expect(suggestedOrganisation({ organisationRequest: 'St. Mary', requestedOrganisationId: null }, [stMary])).toBe(
      null,
    );
    expect(suggestedOrganisation({ organisationRequest: ' ', requestedOrganisationId: null }, [stMary])).toBe(null);
  });

  it('suggests none when two organisations carry the name', () => {
    const twin = organisation({ id: '10000000-0000-4000-8000-000000000003', name: 'St. Mary Hospital' });
    expect(
      suggestedOrganisation({ organisationRequest: 'St. Mary Hospital', requestedOrganisationId: null }, [
        stMary,
        twin,
      ]),
    ).toBe(null);
  });
});
