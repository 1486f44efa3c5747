import { Service } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import {
  checkOrdering,
  LICENCE_REQUIRED_MESSAGE,
  type OrderingCatalogue,
  type OrderRequest,
  trialLimitReached,
} from './ordering.ts';

const A = Service.ANATOMICAL;
const S = Service.SIMULATION;
const both = [A, S];

const catalogue = (accesses: OrderingCatalogue['accesses']): OrderingCatalogue => ({
  interventions: new Map([
    ['tavi', { id: 'tavi', prefix: 'TAVI', variantLimit: 3 }],
    ['laao', { id: 'laao', prefix: 'LAAO', variantLimit: 1 }],
  ]),
  devices: new Map([
    ['sapien', { id: 'sapien', name: 'SAPIEN', interventionId: 'tavi', services: both }],
    ['evolut', { id: 'evolut', name: 'Evolut', interventionId: 'tavi', services: both }],
    ['navitor', { id: 'navitor', name: 'Navitor', interventionId: 'tavi', services: [A] }],
    ['watchman', { id: 'watchman', name: 'Watchman', interventionId: 'laao', services: both }],
    ['amulet', { id: 'amulet', name: 'Amulet', interventionId: 'laao', services: both }],
  ]),
  variants: new Map([
    ['s20', { id: 's20', deviceId: 'sapien', name: '20' }],
    ['s23', { id: 's23', deviceId: 'sapien', name: '23' }],
    ['s26', { id: 's26', deviceId: 'sapien', name: '26' }],
    ['s29', { id: 's29', deviceId: 'sapien', name: '29' }],
    ['e26', { id: 'e26', deviceId: 'evolut', name: '26' }],
    ['w21', { id: 'w21', deviceId: 'watchman', name: '21' }],
    ['w24', { id: 'w24', deviceId: 'watchman', name: '24' }],
  ]),
  accesses,
});

const clinicalEverything = catalogue(
  ['sapien', 'evolut', 'navitor', 'watchman', 'amulet'].flatMap((deviceId) =>
    both.map((service) => ({ deviceId, service, isClinical: true, trialId: null })),
  ),
);
const trialAnatomical = catalogue(
  ['sapien', 'evolut', 'navitor'].map((deviceId) => ({ deviceId, service: A, isClinical: false, trialId: 'trial' })),
);
const mixed = catalogue([
  { deviceId: 'sapien', service: A, isClinical: true, trialId: null },
  { deviceId: 'sapien', service: S, isClinical: false, trialId: null },
]);

const order = (service: Service, deviceIds: string[], deviceVariantIds: string[] = []): OrderRequest => ({
  service,
  deviceIds,
  deviceVariantIds,
});

describe('ordering analyses (spec §3, §5, §6)', () => {
  it.each([
    ['one anatomical analysis', [order(A, ['sapien'])], clinicalEverything, [true], null],
    [
      'TAVI anatomy with several devices',
      [order(A, ['sapien', 'evolut', 'navitor'])],
      clinicalEverything,
      [true],
      null,
    ],
    [
      'anatomy and simulation',
      [order(A, ['sapien']), order(S, ['sapien'], ['s23'])],
      clinicalEverything,
      [true, true],
      null,
    ],
    [
      'three sizes within the TAVI limit',
      [order(A, ['sapien'], ['s20', 's23', 's26'])],
      clinicalEverything,
      [true],
      null,
    ],
    ['sizes of two devices', [order(A, ['sapien', 'evolut'], ['s23', 'e26'])], clinicalEverything, [true], null],
    ['under a non-clinical trial', [order(A, ['sapien'])], trialAnatomical, [false], 'trial'],
    [
      'clinical anatomy, non-clinical simulation',
      [order(A, ['sapien']), order(S, ['sapien'])],
      mixed,
      [true, false],
      null,
    ],
  ])('allows %s', (_, requests, cat, clinical, trialId) => {
    const result = checkOrdering(requests, cat);
    expect(result).toEqual({
      ok: true,
      interventionId: 'tavi',
      orders: clinical.map((isClinical) => ({ isClinical })),
      trialId,
    });
  });

  it.each([
    ['an unknown device', [order(A, ['nope'])], { deviceIds: ['Device nope does not exist.'] }],
    [
      'devices of two interventions',
      [order(A, ['sapien', 'watchman'])],
      { deviceIds: ['All devices must belong to the same intervention.'] },
    ],
    [
      'a simulation of a device that offers none',
      [order(S, ['navitor'])],
      { deviceIds: ['Navitor cannot be ordered for simulation.'] },
    ],
    [
      'a simulation of two devices',
      [order(S, ['sapien', 'evolut'])],
      { deviceIds: ['A simulation is ordered for exactly one device.'] },
    ],
    [
      'several LAAO devices',
      [order(A, ['watchman', 'amulet'])],
      { deviceIds: ['Several devices can be requested only for a TAVI anatomical analysis without simulation.'] },
    ],
    [
      'the same device twice',
      [order(A, ['sapien', 'sapien'])],
      { deviceIds: ['Each device can be chosen only once.'] },
    ],
    [
      'a size of another device',
      [order(A, ['sapien'], ['e26'])],
      { deviceVariantIds: ['Size 26 does not belong to the chosen devices.'] },
    ],
    [
      'more sizes than the limit',
      [order(A, ['sapien'], ['s20', 's23', 's26', 's29'])],
      { deviceVariantIds: ['This field is limited to 3 choices.'] },
    ],
  ])('refuses %s', (_, requests, errors) => {
    expect(checkOrdering(requests, clinicalEverything)).toEqual({ ok: false, nonFieldErrors: [], orders: [errors] });
  });

  it('refuses several TAVI devices when the case also has a simulation', () => {
    const result = checkOrdering([order(A, ['sapien', 'evolut']), order(S, ['sapien'])], clinicalEverything);
    expect(result).toMatchObject({
      ok: false,
      orders: [{ deviceIds: [expect.stringContaining('Several devices')] }, {}],
    });
    const added = checkOrdering([order(A, ['sapien', 'evolut'])], clinicalEverything, { otherServices: [S] });
    expect(added.ok).toBe(false);
  });

  it('refuses a device of another intervention than the existing case', () => {
    const result = checkOrdering([order(A, ['watchman'])], clinicalEverything, { interventionId: 'tavi' });
    expect(result).toEqual({
      ok: false,
      nonFieldErrors: [],
      orders: [{ deviceIds: ['All devices must belong to the same intervention.'] }],
    });
  });

  it('gives the licence message to an organisation without any licence', () => {
    expect(checkOrdering([order(A, ['sapien'])], catalogue([]))).toEqual({
      ok: false,
      nonFieldErrors: [LICENCE_REQUIRED_MESSAGE],
      orders: [{}],
    });
  });

  it('names the device and service that are not licensed', () => {
    expect(checkOrdering([order(S, ['sapien'])], trialAnatomical)).toEqual({
      ok: false,
      nonFieldErrors: [],
      orders: [{ deviceIds: ['Your organisation has no license for simulation of SAPIEN.'] }],
    });
  });

  it.each([
    [3, 2, false],
    [3, 3, true],
    [3, 4, true],
    [1, 0, false],
  ])('a trial of %i cases with %i used is full: %s', (limit, numberOfCases, full) => {
    expect(trialLimitReached({ limit, numberOfCases })).toBe(full);
  });

  describe('legacy simulation and redo TAVI (spec §1, §3)', () => {
    const L = Service.LEGACY;
    const R = Service.REDO_TAVI;
    const all = [A, S, L, R];
    const withEverything = (): OrderingCatalogue => {
      const base = catalogue([]);
      const devices = new Map(
        [...base.devices].map(([id, d]) => [id, { ...d, services: d.services.length > 1 ? all : d.services }]),
      );
      return {
        ...base,
        devices,
        accesses: ['sapien', 'evolut', 'watchman'].flatMap((deviceId) =>
          all.map((service) => ({ deviceId, service, isClinical: true, trialId: null })),
        ),
      };
    };

    it('orders either for one device that offers it, under a licence for it', () => {
      expect(checkOrdering([order(A, ['sapien']), order(L, ['sapien'], ['s23'])], withEverything())).toMatchObject({
        ok: true,
        orders: [{ isClinical: true }, { isClinical: true }],
      });
      expect(checkOrdering([order(R, ['evolut'])], withEverything())).toMatchObject({ ok: true });
      expect(checkOrdering([order(L, ['watchman'])], withEverything())).toMatchObject({ ok: true });
    });

    it('refuses a redo TAVI outside TAVI, two devices, a device that does not offer it, or no licence', () => {
      const refused = (requests: OrderRequest[], cat = withEverything()) => {
        const result = checkOrdering(requests, cat);
        return result.ok ? null : result.orders[0];
      };
      expect(refused([order(R, ['watchman'])])).toEqual({
        service: ['A redo TAVI can be ordered only for a TAVI case.'],
      });
      expect(refused([order(L, ['sapien', 'evolut'])])).toEqual({
        deviceIds: ['A simulation is ordered for exactly one device.'],
      });
      expect(refused([order(R, ['navitor'])])).toEqual({ deviceIds: ['Navitor cannot be ordered for redo TAVI.'] });
      // The device offers it, but the organisation holds only the other services.
      const noLegacy = { ...withEverything(), accesses: withEverything().accesses.filter((a) => a.service !== L) };
      expect(refused([order(L, ['sapien'])], noLegacy)).toEqual({
        deviceIds: ['Your organisation has no license for legacy simulation of SAPIEN.'],
      });
    });
  });
});
