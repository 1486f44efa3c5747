import type { OversizingBasis, RangesConfirmed, SizeChart, SizingMeasure } from './size-charts.ts';

/**
 * The measurements of the sized landmark the table uses (mm, mm²); any may be missing. `area` and
 * `perimeter` are the fallbacks of the area and perimeter bases when the derived diameter is missing.
 */
export type SizingMeasurements = Partial<Record<SizingMeasure | 'area' | 'perimeter', number>>;

/**
 * Where the measurement lies against the chart: in exactly one size; in two overlapping sizes or on
 * the border of two (between sizes); in a gap no size covers (between sizes too); below or above every
 * size; or unknown when the landmark has no such measurement.
 */
export type SizingFit = 'within' | 'between' | 'gap' | 'below' | 'above' | 'unmeasured';

export interface SizeRow {
  size: string;
  min: number;
  max: number;
  /** Oversizing on the chart's basis (`OversizingBasis`), null when the basis's measurement is missing. */
  oversizingPercent: number | null;
  fits: boolean;
}

export interface DeviceSizing {
  deviceId: string;
  landmarkName: string;
  measure: SizingMeasure;
  measured: number | null;
  oversizingBasis: OversizingBasis;
  rangesConfirmed: RangesConfirmed;
  rows: SizeRow[];
  /** Sizes whose range contains the measurement, ascending. */
  fittingSizes: string[];
  fit: SizingFit;
}

/** Sizing labels a clinician reads, for the table's header and the report. */
export const SIZING_MEASURE_LABELS: Record<SizingMeasure, string> = {
  areaDerivedDiameter: 'Area-derived diameter',
  perimeterDerivedDiameter: 'Perimeter-derived diameter',
  maxDiameter: 'Maximum diameter',
  minDiameter: 'Minimum diameter',
};

/** The oversizing column's header per basis. */
export const OVERSIZING_BASIS_LABELS: Record<OversizingBasis, string> = {
  area: 'Oversizing (area)',
  perimeter: 'Oversizing (perimeter)',
  diameter: 'Oversizing (diameter)',
};

/** What the table says of a chart whose ranges could not all be checked against published text. */
export const RANGES_CONFIRMED_LABELS: Record<RangesConfirmed, string> = {
  confirmed: 'Ranges checked against a published chart.',
  partly: 'Ranges only partly checked against published charts.',
  unconfirmed: 'Ranges not confirmed against a published chart.',
};

export const SIZING_FIT_LABELS: Record<SizingFit, string> = {
  within: 'Within one size',
  between: 'Between sizes',
  gap: 'Between sizes (no size covers it)',
  below: 'Below every size',
  above: 'Above every size',
  unmeasured: 'Not measured',
};

/**
 * The chart against one measurement: per size whether it fits and the oversizing; overall which sizes
 * fit and the flag. Ranges are inclusive, so a value on the shared border of two sizes is between them.
 */
export function sizeDevice(chart: SizeChart, measurements: SizingMeasurements): DeviceSizing {
  const measured = positive(measurements[chart.measure]);
  const rows = chart.sizes.map((range) => ({
    size: range.size,
    min: range.min,
    max: range.max,
    oversizingPercent: oversizing(chart, Number(range.size), measurements),
    fits: measured !== null && measured >= range.min && measured <= range.max,
  }));
  const fittingSizes = rows.filter((row) => row.fits).map((row) => row.size);
  return {
    deviceId: chart.deviceId,
    landmarkName: chart.landmarkName,
    measure: chart.measure,
    measured,
    oversizingBasis: chart.oversizingBasis,
    rangesConfirmed: chart.source.confirmed,
    rows,
    fittingSizes,
    fit: fitOf(chart, measured, fittingSizes.length),
  };
}

const positive = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : null;

/**
 * Oversizing of a nominal size on the chart's basis (see `OversizingBasis`): area and perimeter from
 * their derived diameters, or else from the measured area or perimeter; diameter from the chart's
 * measure. Null when the basis's measurement is missing.
 */
export function oversizing(chart: SizeChart, size: number, measurements: SizingMeasurements): number | null {
  if (chart.oversizingBasis === 'area') {
    const diameter = positive(measurements.areaDerivedDiameter);
    const area = diameter !== null ? Math.PI * (diameter / 2) ** 2 : positive(measurements.area);
    return area === null ? null : ((Math.PI * (size / 2) ** 2) / area - 1) * 100;
  }
  if (chart.oversizingBasis === 'perimeter') {
    const diameter = positive(measurements.perimeterDerivedDiameter);
    const perimeter = diameter !== null ? Math.PI * diameter : positive(measurements.perimeter);
    return perimeter === null ? null : ((Math.PI * size) / perimeter - 1) * 100;
  }
  const diameter = positive(measurements[chart.measure]);
  return diameter === null ? null : (size / diameter - 1) * 100;
}

function fitOf(chart: SizeChart, measured: number | null, fitting: number): SizingFit {
  if (measured === null) return 'unmeasured';
  if (fitting === 1) return 'within';
  if (fitting > 1) return 'between';
  const lowest = Math.min(...chart.sizes.map((range) => range.min));
  const highest = Math.max(...chart.sizes.map((range) => range.max));
  if (measured < lowest) return 'below';
  if (measured > highest) return 'above';
  return 'gap';
}

/** Oversizing as printed: one decimal with its sign ("+12.3 %"). */
export function formatOversizing(percent: number | null): string {
  if (percent === null) return '—';
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)} %`;
}

/** A landmark as the sizing needs it: what it is and what it measured. */
export interface SizedLandmark {
  id: string;
  landmarkTypeId: string | null;
  measurements: SizingMeasurements;
}

export interface CaseDeviceSizing extends DeviceSizing {
  /** The landmark measured, so the report can link the number to its plane; null when none. */
  landmarkId: string | null;
}

/**
 * The sizing table of every ordered device with a chart, against the case's landmark of the chart's
 * type (the first one given, so callers pass published landmarks in display order).
 */
export function sizeCaseDevices(
  deviceIds: readonly string[],
  landmarks: readonly SizedLandmark[],
  charts: readonly SizeChart[],
): CaseDeviceSizing[] {
  return deviceIds.flatMap((deviceId) => {
    const chart = charts.find((candidate) => candidate.deviceId === deviceId);
    if (!chart) return [];
    const landmark = landmarks.find((candidate) => candidate.landmarkTypeId === chart.landmarkTypeId);
    return [{ ...sizeDevice(chart, landmark?.measurements ?? {}), landmarkId: landmark?.id ?? null }];
  });
}
