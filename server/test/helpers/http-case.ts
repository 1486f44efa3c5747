import { expect } from 'vitest';

/** A signed-in client of a server started as its own process (fetch, not inject). */
export type HttpApi = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; json: Record<string, unknown> }>;

/** A TAVI case of the signed-in physician's primary organisation, through the API as the web creates it. */
export async function createTaviCaseOverHttp(api: HttpApi, identifier: string): Promise<string> {
  const me = (await api('GET', '/api/userinfo/')).json as { sub: string; primaryOrganisation: { id: string } };
  const interventions = (await api('GET', '/api/interventions/')).json.results as { id: string; prefix: string }[];
  const tavi = interventions.find((i) => i.prefix === 'TAVI');
  const devices = (await api('GET', '/api/devices/')).json.results as { id: string; interventionId: string }[];
  const device = devices.find((d) => d.interventionId === tavi?.id);
  const when = new Date(Date.now() + 10 * 864e5).toISOString();
  const created = await api('POST', '/api/cases/', {
    patientInformation: { identifier, sex: 'F', age: 80 },
    organisationId: me.primaryOrganisation.id,
    interventionDatetime: when,
    expectedDeliveryDatetime: when,
    imagingDate: new Date().toISOString(),
    caseResponsibleId: me.sub,
    orders: [{ service: 0, deviceIds: [device?.id], deviceVariantIds: [] }],
  });
  expect(created.status).toBe(201);
  return created.json.id as string;
}
