import type { IncomingRegistration, Organisation } from '@cardiomap/contract';

const comparable = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * The organisation an approval starts from (issue 30 #10): the one the registrant picked, else the one
 * named exactly as their request (case and spacing aside); none when the request only resembles names.
 */
export function suggestedOrganisation(
  registration: Pick<IncomingRegistration, 'organisationRequest' | 'requestedOrganisationId'>,
  candidates: readonly Organisation[],
): Organisation | null {
  const picked = candidates.find((o) => o.id === registration.requestedOrganisationId);
  if (picked) return picked;
  const request = comparable(registration.organisationRequest);
  if (request === '') return null;
  const named = candidates.filter((o) => comparable(o.name) === request);
  return named.length === 1 ? (named[0] ?? null) : null;
}
