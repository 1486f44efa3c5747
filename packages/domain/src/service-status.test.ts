import { CaseStatus as C, OrderStatus as O, ServiceStatus as S, Service } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { caseServices, serviceStatus } from './service-status.ts';

const orders = (...statuses: number[]) => statuses.map((status) => ({ status: status as (typeof O)[keyof typeof O] }));

describe('service status (spec §4), rule by rule', () => {
  it.each([
    ['all obsoleted', orders(O.OBSOLETED, O.OBSOLETED), C.IN_PROGRESS, S.OBSOLETED],
    ['any canceled', orders(O.CANCELED, O.DELIVERED), C.IN_PROGRESS, S.CANCELED],
    ['some delivered and some in progress', orders(O.DELIVERED, O.IN_PROGRESS), C.IN_PROGRESS, S.UNDER_EVALUATION],
    ['delivered only', orders(O.DELIVERED), C.COMPLETED, S.DELIVERED],
    ['delivered, with an obsoleted earlier delivery', orders(O.OBSOLETED, O.DELIVERED), C.COMPLETED, S.DELIVERED],
    ['in progress only, case in progress', orders(O.IN_PROGRESS), C.IN_PROGRESS, S.UNDER_EVALUATION],
    ['in progress only, case created', orders(O.IN_PROGRESS), C.CREATED, S.AWAITING_INPUT_DATA],
    ['in progress only, case submitted', orders(O.IN_PROGRESS), C.SUBMITTED, S.AWAITING_INPUT_DATA],
    ['no orders', orders(), C.IN_PROGRESS, S.UNKNOWN],
  ])('%s', (_, group, caseStatus, expected) => {
    expect(serviceStatus(group, caseStatus)).toBe(expected);
  });

  it('groups a case into one status per ordered service, in service order', () => {
    expect(
      caseServices(
        [
          { service: Service.SIMULATION, status: O.IN_PROGRESS },
          { service: Service.ANATOMICAL, status: O.DELIVERED },
          { service: Service.SIMULATION, status: O.DELIVERED },
        ],
        C.IN_PROGRESS,
      ),
    ).toEqual([
      { service: Service.ANATOMICAL, status: S.DELIVERED },
      { service: Service.SIMULATION, status: S.UNDER_EVALUATION },
    ]);
  });
});
