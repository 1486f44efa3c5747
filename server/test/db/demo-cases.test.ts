import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCases } from '../../src/db/seed/demo-cases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('demo cases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const caseRows = () =>
    t.database.query<{ case_identifier: string; status: number; orders: number; deliveries: number }>(
      `SELECT c.case_identifier, c.status,
              (SELECT count(*)::int FROM orders o WHERE o.case_id = c.id) AS orders,
              (SELECT count(*)::int FROM deliveries d JOIN orders o ON o.id = d.order_id WHERE o.case_id = c.id) AS deliveries
         FROM cases c ORDER BY c.case_identifier`,
    );

  it('seeds one case in every state a clinician meets, with readable identifiers', async () => {
    await seedDemoCases(t.database.db);
    expect(await caseRows()).toEqual([
      { case_identifier: 'HVC-LAAO-00001', status: 2, orders: 2, deliveries: 0 },
      { case_identifier: 'HVC-TAVI-00001', status: 0, orders: 1, deliveries: 0 },
      { case_identifier: 'HVC-TAVI-00002', status: 3, orders: 1, deliveries: 1 },
      { case_identifier: 'HVC-TAVI-00003', status: 4, orders: 1, deliveries: 0 },
      { case_identifier: 'HVC-TMVR-00001', status: 7, orders: 1, deliveries: 0 },
    ]);
  });

  it("gives the rejected case the reason its analyst's comment states", async () => {
    const [row] = await t.database.query<{ reason: string; comment: string }>(
      `SELECT r.name AS reason, c.analyst_comment AS comment FROM cases c
         JOIN rejection_reasons r ON r.id = c.rejection_reason_id WHERE c.status = 7`,
    );
    expect(row?.reason).toBe('No contrast in the region of interest');
    expect(row?.comment).toMatch(/without contrast/);
  });

  it('leaves the counters where the next case of the organisation continues', async () => {
    const counters = await t.database.query<{ prefix: string; last_value: number }>(
      `SELECT i.prefix, c.last_value FROM case_identifier_counters c JOIN interventions i ON i.id = c.intervention_id
        ORDER BY i.prefix`,
    );
    expect(counters).toEqual([
      { prefix: 'LAAO', last_value: 1 },
      { prefix: 'TAVI', last_value: 3 },
      { prefix: 'TMVR', last_value: 1 },
    ]);
  });

  it('does nothing on a later start', async () => {
    await seedDemoCases(t.database.db);
    expect(await caseRows()).toHaveLength(5);
  });
});
