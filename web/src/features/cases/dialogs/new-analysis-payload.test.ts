import { describe, expect, it } from 'vitest';
import { evolut, ORG_ID, portico, sapien } from '../testing/case-fixtures.ts';
import { toWire } from './date-fields.ts';
import { toCreateCasePayload } from './new-analysis-payload.ts';
import type { NewAnalysisValues } from './new-analysis-schema.ts';

const values = (overrides: Partial<NewAnalysisValues> = {}): NewAnalysisValues => ({
  organisationId: ORG_ID,
  interventionId: sapien.interventionId,
  deviceId: sapien.id,
  extraDeviceIds: [portico.id],
  deviceVariantIds: [sapien.variants[0]!.id, evolut.variants[0]!.id],
  service: 'anatomical',
  patientIdentifier: '  PAT-7 ',
  patientSex: 'F',
  patientAge: '0',
  physicianComment: '',
  isProspective: false,
  imagingDate: '',
  interventionDate: '',
  interventionTime: '',
  expectedDeliveryDate: '2099-01-02',
  expectedDeliveryTime: '',
  caseResponsible: null,
  ...overrides,
});
const context = { devices: [sapien, evolut, portico], sendResponsible: false };

describe('the POST cases/ body of the new-analysis form (spec §5, §7)', () => {
  it('sends only the first device (and its sizes) for a simulation, even with extra devices chosen', () => {
    const body = toCreateCasePayload(values({ service: 'simulation' }), context);
    expect(body.orders).toEqual([
      { service: 0, deviceIds: [sapien.id], deviceVariantIds: [sapien.variants[0]!.id] },
      { service: 1, deviceIds: [sapien.id], deviceVariantIds: [sapien.variants[0]!.id] },
    ]);
  });

  it('sends every chosen device for an anatomical analysis, and drops sizes of devices not sent', () => {
    const body = toCreateCasePayload(values(), context);
    expect(body.orders).toEqual([
      { service: 0, deviceIds: [sapien.id, portico.id], deviceVariantIds: [sapien.variants[0]!.id] },
    ]);
  });

  it('defaults the delivery time to 07:00, leaves absent dates null and keeps an age of 0', () => {
    const body = toCreateCasePayload(values(), context);
    expect(body.expectedDeliveryDatetime).toBe(toWire('2099-01-02', '07:00'));
    expect(body.interventionDatetime).toBeNull();
    expect(body.imagingDate).toBeNull();
    expect(body.patientInformation).toEqual({ identifier: 'PAT-7', sex: 'F', age: 0 });
    expect(body.isProspective).toBe(false);
  });

  it('defaults the intervention time to 08:00 and sends the responsible only when the user may assign one', () => {
    const colleague = { id: 'u1', email: 'c@x', givenName: 'C', familyName: 'V', title: '', organisationIds: [] };
    const body = toCreateCasePayload(values({ interventionDate: '2020-05-05', caseResponsible: colleague }), {
      ...context,
      sendResponsible: true,
    });
    expect(body.interventionDatetime).toBe(toWire('2020-05-05', '08:00'));
    expect(body.caseResponsibleId).toBe('u1');
    expect(toCreateCasePayload(values({ caseResponsible: colleague }), context)).not.toHaveProperty(
      'caseResponsibleId',
    );
  });
});
