import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';

interface ByCaseGuards {
  /** Calls the route for `caseId` as `who` (null: signed out). */
  request: (who: string | null, caseId: string) => Promise<LightMyRequestResponse>;
  /** A case the member reaches (set up as the route needs it to answer), which the outsider must not. */
  visibleCase: () => Promise<{ id: string }>;
  member: string;
  outsider: string;
}

/**
 * The guards every by-case route (`case-viewer/{caseId}`, `case-dicom/{caseId}`, …) shares: 401 signed
 * out, 404 to another organisation exactly as for a case that does not exist (no existence leak), and 400
 * naming a malformed id. Registers the two `it`s inside the caller's describe.
 */
export function itGuardsTheCaseId({ request, visibleCase, member, outsider }: ByCaseGuards): void {
  it('requires authentication and answers 404 for another organisation’s case, like a missing one', async () => {
    const c = await visibleCase();
    expect((await request(null, c.id)).statusCode).toBe(401);
    const hidden = await request(outsider, c.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: 'No case matches the given id.', code: 'not_found' });
    expect((await request(member, '00000000-0000-4000-8000-000000000000')).json()).toEqual(hidden.json());
  });

  it('names the malformed id', async () => {
    const res = await request(member, 'nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['Must be a valid UUID.'] });
  });
}
