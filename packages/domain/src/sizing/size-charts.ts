/**
 * Manufacturers' published sizing charts of the catalogue's TAVI and LAAO devices, keyed by the
 * catalogue's stable device ids (server/src/db/seed/catalogue-data.ts). They are shared data rather
 * than database rows because the report (server) and the viewer's Details tab (web) read the same
 * chart, and a size's range changes only with a new instruction for use. Ranges are inclusive, in mm
 * of the chart's measure. Demo data from the public IFU charts, not a clinical reference.
 */

/** Which measurement of the landmark a chart sizes against (keys of the landmark's measurements). */
export type SizingMeasure = 'areaDerivedDiameter' | 'perimeterDerivedDiameter' | 'maxDiameter' | 'minDiameter';

export interface SizeRange {
  /** The variant's name in the catalogue: its nominal size in mm. */
  size: string;
  min: number;
  max: number;
}

export interface SizeChart {
  deviceId: string;
  /** The landmark type measured (the annulus for TAVI, the ostium or landing zone for LAAO). */
  landmarkTypeId: string;
  landmarkName: string;
  measure: SizingMeasure;
  sizes: readonly SizeRange[];
}

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const ANNULUS = { landmarkTypeId: id(0x1a01), landmarkName: 'Annulus' };
const LAA_OSTIUM = { landmarkTypeId: id(0x1a21), landmarkName: 'LAA ostium' };
const LANDING_ZONE = { landmarkTypeId: id(0x1a22), landmarkName: 'Landing zone' };

const range = (size: string, min: number, max: number): SizeRange => ({ size, min, max });

/** Edwards SAPIEN 3 family: sized on the area-derived annulus diameter (area 273–683 mm²). */
const SAPIEN_3_SIZES = [
  range('20', 18.6, 21.0),
  range('23', 20.7, 23.4),
  range('26', 23.4, 26.4),
  range('29', 26.2, 29.5),
];

export const SIZE_CHARTS: readonly SizeChart[] = [
  { deviceId: id(0xd001), ...ANNULUS, measure: 'areaDerivedDiameter', sizes: SAPIEN_3_SIZES },
  { deviceId: id(0xd002), ...ANNULUS, measure: 'areaDerivedDiameter', sizes: SAPIEN_3_SIZES },
  {
    // Medtronic Evolut FX+: perimeter-derived annulus diameter (perimeter 56.5–94.2 mm).
    deviceId: id(0xd003),
    ...ANNULUS,
    measure: 'perimeterDerivedDiameter',
    sizes: [range('23', 18, 20), range('26', 20, 23), range('29', 23, 26), range('34', 26, 30)],
  },
  {
    // Abbott Navitor: perimeter-derived annulus diameter.
    deviceId: id(0xd004),
    ...ANNULUS,
    measure: 'perimeterDerivedDiameter',
    sizes: [range('23', 19, 21), range('25', 21, 23), range('27', 23, 25), range('29', 25, 27), range('35', 27, 30)],
  },
  {
    // Boston Scientific ACURATE neo2 S/M/L: perimeter-derived annulus diameter.
    deviceId: id(0xd005),
    ...ANNULUS,
    measure: 'perimeterDerivedDiameter',
    sizes: [range('23', 21, 23), range('25', 23, 25), range('27', 25, 27)],
  },
  {
    // Boston Scientific WATCHMAN FLX Pro: maximum ostium diameter, 10–30 % compression (ranges overlap).
    deviceId: id(0xd101),
    ...LAA_OSTIUM,
    measure: 'maxDiameter',
    sizes: [
      range('20', 14.0, 18.0),
      range('24', 16.8, 21.6),
      range('27', 18.9, 24.3),
      range('31', 21.7, 27.9),
      range('35', 24.5, 31.5),
      range('40', 28.0, 36.0),
    ],
  },
  {
    // Abbott Amplatzer Amulet: maximum landing-zone diameter.
    deviceId: id(0xd102),
    ...LANDING_ZONE,
    measure: 'maxDiameter',
    sizes: [
      range('16', 11, 13),
      range('18', 13, 15),
      range('20', 15, 17),
      range('22', 17, 19),
      range('25', 19, 22),
      range('28', 22, 25),
      range('31', 25, 28),
      range('34', 28, 31),
    ],
  },
];

export function sizeChartOf(deviceId: string): SizeChart | undefined {
  return SIZE_CHARTS.find((chart) => chart.deviceId === deviceId);
}
