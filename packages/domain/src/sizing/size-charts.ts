/**
 * Sizing charts of the catalogue's TAVI and LAAO devices, keyed by the catalogue's stable device ids
 * (server/src/db/seed/catalogue-data.ts). They are shared data rather than database rows because the
 * report (server) and the viewer's Details tab (web) read the same chart, and a size's range changes
 * only with a new instruction for use (IFU). Ranges are inclusive, in mm of the chart's measure.
 *
 * The ranges were first written from memory; each chart's `source` says what could be checked
 * against published text without the internet (the project's search of stored public pages, 2026-11-26)
 * and what could not. They are demo data, not a clinical reference: the report and the viewer say
 * that every range must be confirmed against the manufacturer's current IFU (SIZING_IFU_NOTE).
 */

/** Which measurement of the landmark a chart sizes against (keys of the landmark's measurements). */
export type SizingMeasure = 'areaDerivedDiameter' | 'perimeterDerivedDiameter' | 'maxDiameter' | 'minDiameter';

export interface SizeRange {
  /** The variant's name in the catalogue: its nominal size in mm. */
  size: string;
  min: number;
  max: number;
}

/**
 * How oversizing is expressed for the device family, as clinicians size it:
 * - `area` (balloon-expandable valves): (device area / annulus area − 1) × 100, the device area being
 *   π(size/2)² and the annulus area the measured one (π(d/2)² of the area-derived diameter d);
 * - `perimeter` (self-expanding valves): (device perimeter / annulus perimeter − 1) × 100, with π·size
 *   and the measured perimeter (π·d of the perimeter-derived diameter d);
 * - `diameter` (LAA occluders): (size / measured diameter − 1) × 100 against the chart's diameter.
 */
export type OversizingBasis = 'area' | 'perimeter' | 'diameter';

/** How far a chart's ranges were checked against published text (see each chart's `source`). */
export type RangesConfirmed = 'confirmed' | 'partly' | 'unconfirmed';

export interface SizeChartSource {
  confirmed: RangesConfirmed;
  /** What was checked, against what, and what was not (short, for people maintaining the chart). */
  note: string;
  /** Where the checked figures were read (public pages). */
  references: readonly string[];
}

export interface SizeChart {
  deviceId: string;
  /** The landmark type measured (the annulus for TAVI, the ostium or landing zone for LAAO). */
  landmarkTypeId: string;
  landmarkName: string;
  measure: SizingMeasure;
  oversizingBasis: OversizingBasis;
  sizes: readonly SizeRange[];
  source: SizeChartSource;
}

/** Shown under every sizing table, in the PDF and in the viewer. */
export const SIZING_IFU_NOTE =
  "Size ranges are reference data: confirm every range against the manufacturer's current instructions for use (IFU) before choosing a device.";

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const ANNULUS = { landmarkTypeId: id(0x1a01), landmarkName: 'Annulus' };
const LAA_OSTIUM = { landmarkTypeId: id(0x1a21), landmarkName: 'LAA ostium' };
const LANDING_ZONE = { landmarkTypeId: id(0x1a22), landmarkName: 'Landing zone' };

const range = (size: string, min: number, max: number): SizeRange => ({ size, min, max });

/**
 * Edwards SAPIEN 3 family (SAPIEN 3, SAPIEN 3 Ultra RESILIA): balloon-expandable, sized on the
 * area-derived annulus diameter; the ranges are the area chart 273–345, 338–430, 430–546 and 540–683
 * mm² written as diameters.
 */
const SAPIEN_3_SIZES = [
  range('20', 18.6, 21.0),
  range('23', 20.7, 23.4),
  range('26', 23.4, 26.4),
  range('29', 26.2, 29.5),
];
const SAPIEN_3_SOURCE: SizeChartSource = {
  confirmed: 'partly',
  note:
    'Upper limit of the 29 mm valve (683 mm²) confirmed; the other limits could not be found in published text here. ' +
    'SAPIEN 3 Ultra RESILIA assumed to share the SAPIEN 3 chart.',
  references: [
    'https://www.acc.org/latest-in-cardiology/journal-scans/2018/06/27/14/59/impact-of-aortic-root-anatomy-and-geometry',
  ],
};

export const SIZE_CHARTS: readonly SizeChart[] = [
  {
    deviceId: id(0xd001),
    ...ANNULUS,
    measure: 'areaDerivedDiameter',
    oversizingBasis: 'area',
    sizes: SAPIEN_3_SIZES,
    source: SAPIEN_3_SOURCE,
  },
  {
    deviceId: id(0xd002),
    ...ANNULUS,
    measure: 'areaDerivedDiameter',
    oversizingBasis: 'area',
    sizes: SAPIEN_3_SIZES,
    source: SAPIEN_3_SOURCE,
  },
  {
    // Medtronic Evolut FX+: self-expanding, perimeter-derived annulus diameter (perimeter 56.5–94.2 mm).
    deviceId: id(0xd003),
    ...ANNULUS,
    measure: 'perimeterDerivedDiameter',
    oversizingBasis: 'perimeter',
    sizes: [range('23', 18, 20), range('26', 20, 23), range('29', 23, 26), range('34', 26, 30)],
    source: {
      confirmed: 'partly',
      note:
        'Every range matches the Evolut PRO+ IFU table (diameter 18–20, 20–23, 23–26, 26–30 mm; perimeter ' +
        '56.5–62.8, 62.8–72.3, 72.3–81.7, 81.7–94.2 mm; 23 mm from 17 mm in a surgical valve). ' +
        'The Evolut FX+ IFU itself was not found: FX+ is assumed to share the PRO+ chart.',
      references: ['https://manualmachine.com/medtronic/evproplus26us/26720893-instructions-for-use'],
    },
  },
  {
    // Abbott Navitor: self-expanding, perimeter-derived annulus diameter.
    deviceId: id(0xd004),
    ...ANNULUS,
    measure: 'perimeterDerivedDiameter',
    oversizingBasis: 'perimeter',
    sizes: [range('23', 19, 21), range('25', 21, 23), range('27', 23, 25), range('29', 25, 27), range('35', 27, 30)],
    source: {
      confirmed: 'unconfirmed',
      note:
        'Only the overall annulus range 19–30 mm (PORTICO NG trial inclusion, NCT04011722) was found; the ranges ' +
        'per size are not confirmed.',
      references: ['https://trials.co/clinical-trials-details/-/NCT04011722'],
    },
  },
  {
    // Boston Scientific ACURATE neo2 S/M/L: self-expanding, perimeter-derived annulus diameter.
    deviceId: id(0xd005),
    ...ANNULUS,
    measure: 'perimeterDerivedDiameter',
    oversizingBasis: 'perimeter',
    sizes: [range('23', 21, 23), range('25', 23, 25), range('27', 25, 27)],
    source: {
      confirmed: 'unconfirmed',
      note: 'No published sizing chart was found: every range is unconfirmed, and so is the device’s availability.',
      references: [],
    },
  },
  {
    // Boston Scientific WATCHMAN FLX Pro: maximum ostium diameter, 10–30 % compression (ranges overlap).
    deviceId: id(0xd101),
    ...LAA_OSTIUM,
    measure: 'maxDiameter',
    oversizingBasis: 'diameter',
    sizes: [
      range('20', 14.0, 18.0),
      range('24', 16.8, 21.6),
      range('27', 18.9, 24.3),
      range('31', 21.7, 27.9),
      range('35', 24.5, 31.5),
      range('40', 28.0, 36.0),
    ],
    source: {
      confirmed: 'partly',
      note:
        'The WATCHMAN FLX sizes 20–35 mm and their overall ostium span (about 14–31 mm, also given as 15–32 mm) ' +
        'are confirmed; the ranges per size (10–30 % compression of the size) and the FLX Pro 40 mm size are not.',
      references: [
        'https://professional-colombowala.pages.dev/devices/watchman-overview/',
        'https://termedia.pl/The-Watchman-FLX-a-new-device-for-left-atrial-appendage-occlusion-design-potential-benefits-and-first-clinical-experience,35,29543,1,0.html',
      ],
    },
  },
  {
    // Abbott Amplatzer Amulet: maximum landing-zone diameter.
    deviceId: id(0xd102),
    ...LANDING_ZONE,
    measure: 'maxDiameter',
    oversizingBasis: 'diameter',
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
    source: {
      confirmed: 'partly',
      note: 'The eight sizes 16–34 mm and the overall landing-zone span 11–31 mm are confirmed; the ranges per size are not.',
      references: [
        'https://professional-colombowala.pages.dev/devices/amulet-overview/',
        'https://thoracickey.com/amplatzer-amulet-implantation',
      ],
    },
  },
];

export function sizeChartOf(deviceId: string): SizeChart | undefined {
  return SIZE_CHARTS.find((chart) => chart.deviceId === deviceId);
}
