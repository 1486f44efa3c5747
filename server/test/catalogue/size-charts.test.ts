import { SIZE_CHARTS } from '@cardiomap/domain';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/db/seed/catalogue-data.ts';
import { LANDMARK_TYPES } from '../../src/db/seed/landmark-types.ts';

// The sizing charts live in packages/domain (server and web read them); this keeps them in step with
// the seeded catalogue: every chart names a seeded device and landmark type and exactly its sizes.
describe('size charts against the seeded catalogue', () => {
  const devices = CATALOGUE.flatMap((intervention) =>
    intervention.devices.map((device) => ({ ...device, prefix: intervention.prefix })),
  );
  it.each(SIZE_CHARTS.map((chart) => [chart.deviceId, chart] as const))('%s', (_id, chart) => {
    const device = devices.find((candidate) => candidate.id === chart.deviceId);
    expect(device, 'a catalogue device').toBeDefined();
    expect(chart.sizes.map((range) => range.size)).toEqual(device?.variants);
    const landmarkType = LANDMARK_TYPES.find((type) => type.id === chart.landmarkTypeId);
    expect(landmarkType?.name).toBe(chart.landmarkName);
    expect(landmarkType?.prefix).toBe(device?.prefix);
  });
  it('charts every TAVI valve family with a published range and both LAAO occluders', () => {
    expect(SIZE_CHARTS.length).toBeGreaterThanOrEqual(7);
  });
});
