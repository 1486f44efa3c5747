import { AnalysisType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResultsForReport } from '../../src/modules/analyses/index.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';

/** with_simulations=false leaves out every simulation: a legacy simulation and a redo TAVI are ones too. */
describe('report results with and without simulations', () => {
  let t: TestApp;
  let studyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const c = await insertCase(t, { status: 2 });
    ({ studyId } = await insertStudyWithVolume(t, c.id));
    for (const [type, name] of [
      [AnalysisType.ANATOMICAL, 'Annulus area'],
      [AnalysisType.SIMULATION, 'Paravalvular leak'],
      [AnalysisType.LEGACY, 'Legacy contact pressure'],
      [AnalysisType.REDO_TAVI, 'Coronary distance (redo)'],
    ] as const) {
      await t.database.query(`INSERT INTO analyses (study_id, type, name, results) VALUES ($1, $2, $3, $4::jsonb)`, [
        studyId,
        type,
        name,
        JSON.stringify([{ name, value: 1 }]),
      ]);
    }
  }, 180_000);
  afterAll(async () => t.close());

  it('keeps only the anatomical results without simulations, and all of them with', async () => {
    const without = await listResultsForReport(t.database.db, studyId, { withSimulations: false });
    expect(without.map((r) => r.name)).toEqual(['Annulus area']);
    const all = await listResultsForReport(t.database.db, studyId, { withSimulations: true });
    expect(all.map((r) => r.name).sort()).toEqual(
      ['Annulus area', 'Coronary distance (redo)', 'Legacy contact pressure', 'Paravalvular leak'].sort(),
    );
  });
});
