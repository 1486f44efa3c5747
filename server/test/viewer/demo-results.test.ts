import { GeometryType } from '@cardiomap/contract';
import { meshPlaneSection, prepareSectionMesh } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAortaTriangles, phantomDiscAt } from '../../src/db/seed/demo-aorta.ts';
import { seedDemoCases } from '../../src/db/seed/demo-cases.ts';
import { DEMO_PHANTOM, demoDisc, demoLandmarks, seedDemoResults } from '../../src/db/seed/demo-results.ts';
import { phantomDisc, phantomHU } from '../../src/imaging/testing/phantom.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { requester, tokensFor } from './viewer-fixtures.ts';

/** The demo's delivered case carries a measured result a clinician can open. */
describe('demo results seed', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCases(t.database.db);
    call = requester(t, await tokensFor(t, ['physician']));
  }, 180_000);
  afterAll(async () => t.close());

  it('places the landmarks on the phantom disc: inside the outline is disc, just outside is background', () => {
    const { count, rows, columns, spacing, pixelSpacing } = DEMO_PHANTOM;
    const { centre, radius } = demoDisc();
    const slice = Math.round(centre[2] / spacing);
    const discHU = phantomDisc(slice, count, rows, columns).hu;
    const huAt = (x: number, y: number) =>
      phantomHU(
        slice,
        count,
        rows,
        columns,
        Math.round((y + (rows / 2) * pixelSpacing[0]) / pixelSpacing[0]),
        Math.round((x + (columns / 2) * pixelSpacing[1]) / pixelSpacing[1]),
      );
    const outline = demoLandmarks().find((l) => l.geometryType === GeometryType.CLOSED_CURVE)?.points ?? [];
    expect(outline.length).toBe(32);
    for (const [x, y] of outline) {
      const inward = (f: number) => [centre[0] + (x - centre[0]) * f, centre[1] + (y - centre[1]) * f] as const;
      expect(huAt(...inward(0.9))).toBe(discHU);
      expect(huAt(...inward(1.1))).not.toBe(discHU);
    }
    expect(radius).toBeCloseTo(19.2, 6);
  });

  it('gives the delivered demo case published landmarks the clinician sees, once', async () => {
    await seedDemoResults(t.database.db, t.app.storage);
    await seedDemoResults(t.database.db, t.app.storage);
    const [c] = await t.database.query<{ id: string }>(
      `SELECT id FROM cases WHERE patient_identifier = 'DEMO-PAT-0003'`,
      [],
    );
    const studies = (await call('physician', 'GET', `/api/studies/?case_id=${c?.id}`)).json();
    const studyId = studies.results[0].id;
    const res = await call('physician', 'GET', `/api/study-viewer/${studyId}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.analyses).toHaveLength(1);
    expect(body.landmarks.map((l: { name: string; isPublished: boolean }) => [l.name, l.isPublished])).toEqual([
      ['Disc diameter', true],
      ['Disc outline', true],
    ]);
    const [diameter, outline] = body.landmarks;
    expect(diameter.measurements.distance).toBeCloseTo(38.4, 2);
    // A 32-gon inscribed in the 19.2 mm circle: its area is 0.64 % under the circle's.
    expect(outline.measurements.area).toBeCloseTo(16 * 19.2 ** 2 * Math.sin(Math.PI / 16), 0);
    expect(body.analysisResults.map((r: { name: string }) => r.name)).toEqual(['Disc perimeter', 'Disc area']);

    // The contour's source: one "Aorta" mesh on the result, downloadable, also a 3D scene object.
    const resources = (
      await call('physician', 'GET', `/api/analysis-resources/?analysis_id=${body.analyses[0].id}`)
    ).json();
    expect(resources.results.map((r: { name: string; type: number }) => [r.name, r.type])).toEqual([['Aorta', 1]]);
    const file = await t.app.inject({ method: 'GET', url: resources.results[0].readUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(84 + 50 * demoAortaTriangles(DEMO_PHANTOM).length);
    const objects = body.config.visualisations.flatMap((v: { objects: { name: string }[] }) => v.objects);
    expect(objects.map((o: { name: string }) => o.name)).toEqual(['Aorta']);
  });

  it("makes the Aorta mesh's axial cuts the phantom's disc on every slice", () => {
    const corners = demoAortaTriangles(DEMO_PHANTOM).flat(2);
    const mesh = prepareSectionMesh(corners);
    const { count, spacing } = DEMO_PHANTOM;
    for (const slice of [0, 17, Math.floor(count / 2), count - 2]) {
      const { centre, radius } = phantomDiscAt(DEMO_PHANTOM, slice);
      const { polylines } = meshPlaneSection(mesh, { centroid: [0, 0, slice * spacing + 0.3], normal: [0, 0, 1] });
      expect(polylines).toHaveLength(1);
      // The disc centre moves within the slice gap too: compare with the disc of the cut's own height.
      const cut = phantomDiscAt(DEMO_PHANTOM, slice + 0.3 / spacing).centre;
      for (const [x, y] of polylines[0]?.points ?? []) {
        expect(Math.hypot(x - cut[0], y - cut[1])).toBeGreaterThan(radius * Math.cos(Math.PI / 64) - 1e-6);
        expect(Math.hypot(x - cut[0], y - cut[1])).toBeLessThan(radius + 1e-6);
      }
      expect(Math.hypot(cut[0] - centre[0], cut[1] - centre[1])).toBeLessThan(1);
    }
  });
});
