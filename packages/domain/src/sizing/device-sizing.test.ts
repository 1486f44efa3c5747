import { describe, expect, it } from 'vitest';
import { formatOversizing, type SizingFit, sizeCaseDevices, sizeDevice } from './device-sizing.ts';
import { SIZE_CHARTS, type SizeChart, type SizingMeasure, sizeChartOf } from './size-charts.ts';

const chart = (deviceId: string): SizeChart => {
  const found = sizeChartOf(deviceId);
  if (!found) throw new Error(`no chart for ${deviceId}`);
  return found;
};
const SAPIEN_3 = chart('00000000-0000-4000-8000-00000000d002');
const EVOLUT_FX = chart('00000000-0000-4000-8000-00000000d003');
const WATCHMAN_FLX = chart('00000000-0000-4000-8000-00000000d101');
const AMULET = chart('00000000-0000-4000-8000-00000000d102');

interface Row {
  name: string;
  chart: SizeChart;
  measure: SizingMeasure;
  value: number;
  fit: SizingFit;
  fitting: string[];
}

// Hand-computed against the published charts: the value is compared with each inclusive range.
const TABLE: Row[] = [
  {
    name: 'SAPIEN 3, 22.0 mm: 23 only',
    chart: SAPIEN_3,
    measure: 'areaDerivedDiameter',
    value: 22,
    fit: 'within',
    fitting: ['23'],
  },
  {
    name: 'SAPIEN 3, 21.0 mm: top of 20 and inside 23',
    chart: SAPIEN_3,
    measure: 'areaDerivedDiameter',
    value: 21,
    fit: 'between',
    fitting: ['20', '23'],
  },
  {
    name: 'SAPIEN 3, 23.4 mm: border of 23 and 26',
    chart: SAPIEN_3,
    measure: 'areaDerivedDiameter',
    value: 23.4,
    fit: 'between',
    fitting: ['23', '26'],
  },
  {
    name: 'SAPIEN 3, 18.0 mm: below 20 (18.6)',
    chart: SAPIEN_3,
    measure: 'areaDerivedDiameter',
    value: 18,
    fit: 'below',
    fitting: [],
  },
  {
    name: 'SAPIEN 3, 30.0 mm: above 29 (29.5)',
    chart: SAPIEN_3,
    measure: 'areaDerivedDiameter',
    value: 30,
    fit: 'above',
    fitting: [],
  },
  {
    name: 'Evolut FX+, 24.5 mm: 29',
    chart: EVOLUT_FX,
    measure: 'perimeterDerivedDiameter',
    value: 24.5,
    fit: 'within',
    fitting: ['29'],
  },
  {
    name: 'Evolut FX+, 20.0 mm: border of 23 and 26',
    chart: EVOLUT_FX,
    measure: 'perimeterDerivedDiameter',
    value: 20,
    fit: 'between',
    fitting: ['23', '26'],
  },
  {
    name: 'Evolut FX+, 17.5 mm: below 23 (18)',
    chart: EVOLUT_FX,
    measure: 'perimeterDerivedDiameter',
    value: 17.5,
    fit: 'below',
    fitting: [],
  },
  {
    name: 'Evolut FX+, 31.0 mm: above 34 (30)',
    chart: EVOLUT_FX,
    measure: 'perimeterDerivedDiameter',
    value: 31,
    fit: 'above',
    fitting: [],
  },
  {
    name: 'WATCHMAN FLX, 15.0 mm: 20 only',
    chart: WATCHMAN_FLX,
    measure: 'maxDiameter',
    value: 15,
    fit: 'within',
    fitting: ['20'],
  },
  {
    name: 'WATCHMAN FLX, 17.0 mm: 20 and 24 overlap',
    chart: WATCHMAN_FLX,
    measure: 'maxDiameter',
    value: 17,
    fit: 'between',
    fitting: ['20', '24'],
  },
  {
    name: 'WATCHMAN FLX, 13.9 mm: below 20 (14)',
    chart: WATCHMAN_FLX,
    measure: 'maxDiameter',
    value: 13.9,
    fit: 'below',
    fitting: [],
  },
  {
    name: 'WATCHMAN FLX, 37.0 mm: above 40 (36)',
    chart: WATCHMAN_FLX,
    measure: 'maxDiameter',
    value: 37,
    fit: 'above',
    fitting: [],
  },
  { name: 'Amulet, 20.5 mm: 25', chart: AMULET, measure: 'maxDiameter', value: 20.5, fit: 'within', fitting: ['25'] },
  {
    name: 'Amulet, 22.0 mm: border of 25 and 28',
    chart: AMULET,
    measure: 'maxDiameter',
    value: 22,
    fit: 'between',
    fitting: ['25', '28'],
  },
  {
    name: 'Amulet, 10.0 mm: below 16 (11)',
    chart: AMULET,
    measure: 'maxDiameter',
    value: 10,
    fit: 'below',
    fitting: [],
  },
  {
    name: 'Amulet, 32.0 mm: above 34 (31)',
    chart: AMULET,
    measure: 'maxDiameter',
    value: 32,
    fit: 'above',
    fitting: [],
  },
];

describe('sizeDevice', () => {
  it.each(TABLE)('$name', ({ chart: sized, measure, value, fit, fitting }) => {
    const result = sizeDevice(sized, { [measure]: value });
    expect(result.measured).toBe(value);
    expect(result.fit).toBe(fit);
    expect(result.fittingSizes).toEqual(fitting);
  });

  it('sizes on the chart measure only, ignoring the others', () => {
    const result = sizeDevice(SAPIEN_3, { perimeterDerivedDiameter: 22, areaDerivedDiameter: 25 });
    expect(result.fittingSizes).toEqual(['26']);
  });

  // Hand-computed oversizing, on each family's basis (OversizingBasis). Every size of the chart is a
  // row, so sizes the measurement lies below, between or above all carry their percentage too.
  it.each([
    {
      // Balloon-expandable, by area: (size / 22)² − 1.
      name: 'SAPIEN 3 (area) at an area-derived diameter of 22.0 mm (380.1 mm²)',
      chart: SAPIEN_3,
      measurements: { areaDerivedDiameter: 22 },
      percent: [-17.3554, 9.2975, 39.6694, 73.7603],
      printed: ['-17.4 %', '+9.3 %', '+39.7 %', '+73.8 %'],
    },
    {
      // The same annulus given by its area only: π·11² = 380.1327 mm².
      name: 'SAPIEN 3 (area) from the measured area alone',
      chart: SAPIEN_3,
      measurements: { area: Math.PI * 121 },
      percent: [-17.3554, 9.2975, 39.6694, 73.7603],
      printed: ['-17.4 %', '+9.3 %', '+39.7 %', '+73.8 %'],
    },
    {
      // Self-expanding, by perimeter: π·size / (π·24.5) − 1.
      name: 'Evolut FX+ (perimeter) at a perimeter-derived diameter of 24.5 mm (77.0 mm)',
      chart: EVOLUT_FX,
      measurements: { perimeterDerivedDiameter: 24.5 },
      percent: [-6.1224, 6.1224, 18.3673, 38.7755],
      printed: ['-6.1 %', '+6.1 %', '+18.4 %', '+38.8 %'],
    },
    {
      name: 'Evolut FX+ (perimeter) from the measured perimeter alone (80.0 mm)',
      chart: EVOLUT_FX,
      measurements: { perimeter: 80 },
      // π·23 / 80 − 1 = −9.6792 %, π·26 / 80 − 1 = 2.1018 %, π·29 / 80 − 1 = 13.8828 %, π·34 / 80 − 1 = 33.5177 %
      percent: [-9.6792, 2.1018, 13.8828, 33.5177],
      printed: ['-9.7 %', '+2.1 %', '+13.9 %', '+33.5 %'],
    },
    {
      // LAA occluder, by diameter: size / 22 − 1.
      name: 'WATCHMAN FLX Pro (diameter) at a maximum ostium diameter of 22.0 mm',
      chart: WATCHMAN_FLX,
      measurements: { maxDiameter: 22 },
      percent: [-9.0909, 9.0909, 22.7273, 40.9091, 59.0909, 81.8182],
      printed: ['-9.1 %', '+9.1 %', '+22.7 %', '+40.9 %', '+59.1 %', '+81.8 %'],
    },
  ])('oversizing: $name', ({ chart: sized, measurements, percent, printed }) => {
    const result = sizeDevice(sized, measurements);
    expect(result.rows.map((row) => row.oversizingPercent)).toEqual(percent.map((p) => expect.closeTo(p, 3)));
    expect(result.rows.map((row) => formatOversizing(row.oversizingPercent))).toEqual(printed);
  });

  it('names the oversizing basis of each family: area for balloon-expandable, perimeter for self-expanding', () => {
    expect(sizeDevice(SAPIEN_3, {}).oversizingBasis).toBe('area');
    expect(sizeDevice(EVOLUT_FX, {}).oversizingBasis).toBe('perimeter');
    expect(sizeDevice(WATCHMAN_FLX, {}).oversizingBasis).toBe('diameter');
    expect(sizeDevice(AMULET, {}).oversizingBasis).toBe('diameter');
  });

  it('an area measured without the chart measure gives oversizing but no fit', () => {
    const result = sizeDevice(SAPIEN_3, { area: 400 });
    expect(result.fit).toBe('unmeasured');
    // π·11.5² / 400 − 1 = 3.8689 %
    expect(result.rows[1]?.oversizingPercent).toBeCloseTo(3.8689, 3);
  });

  it('a value in a gap no size covers is between sizes', () => {
    const gapped: SizeChart = {
      ...AMULET,
      sizes: [
        { size: '12', min: 10, max: 12 },
        { size: '16', min: 14, max: 16 },
      ],
    };
    const result = sizeDevice(gapped, { maxDiameter: 13 });
    expect(result.fit).toBe('gap');
    expect(result.fittingSizes).toEqual([]);
  });

  it('a missing or non-positive measurement is unmeasured, without oversizing', () => {
    for (const measurements of [{}, { areaDerivedDiameter: 0 }, { areaDerivedDiameter: Number.NaN }]) {
      const result = sizeDevice(SAPIEN_3, measurements);
      expect(result.fit).toBe('unmeasured');
      expect(result.rows.every((row) => row.oversizingPercent === null && !row.fits)).toBe(true);
      expect(formatOversizing(result.rows[0]!.oversizingPercent)).toBe('—');
    }
  });
});

describe('sizeCaseDevices', () => {
  const annulus = {
    id: 'l1',
    landmarkTypeId: SAPIEN_3.landmarkTypeId,
    measurements: { areaDerivedDiameter: 22, perimeterDerivedDiameter: 24.5 },
  };
  it('sizes every ordered device with a chart against its landmark and skips the others', () => {
    const result = sizeCaseDevices([SAPIEN_3.deviceId, 'no-chart', EVOLUT_FX.deviceId], [annulus], SIZE_CHARTS);
    expect(result.map((r) => [r.deviceId, r.landmarkId, r.fittingSizes])).toEqual([
      [SAPIEN_3.deviceId, 'l1', ['23']],
      [EVOLUT_FX.deviceId, 'l1', ['29']],
    ]);
  });
  it('a device whose landmark is not placed is unmeasured', () => {
    const [result] = sizeCaseDevices([AMULET.deviceId], [annulus], SIZE_CHARTS);
    expect(result?.landmarkId).toBeNull();
    expect(result?.fit).toBe('unmeasured');
  });
});

describe('SIZE_CHARTS', () => {
  it('every chart says how far its ranges were confirmed, with the pages read when it claims any', () => {
    for (const sized of SIZE_CHARTS) {
      expect(sized.source.note.length).toBeGreaterThan(0);
      if (sized.source.confirmed !== 'unconfirmed') expect(sized.source.references.length).toBeGreaterThan(0);
    }
  });

  it('ranges are ascending, positive and each min below its max', () => {
    for (const sized of SIZE_CHARTS) {
      for (const [index, range] of sized.sizes.entries()) {
        expect(range.min).toBeGreaterThan(0);
        expect(range.min).toBeLessThan(range.max);
        if (index > 0) expect(range.min).toBeGreaterThanOrEqual(sized.sizes[index - 1]!.min);
      }
    }
  });
});
