/**
 * Measurements as a clinician reads them (issue 18 §2): lengths to 0.1 mm, areas to 0.1 mm², angles
 * to 1°. The keys are the contract's landmark measurement names.
 */
const LABELS: Record<string, string> = {
  distance: 'Distance',
  angle: 'Angle',
  length: 'Length',
  perimeter: 'Perimeter',
  area: 'Area',
  minDiameter: 'Minimum diameter',
  maxDiameter: 'Maximum diameter',
  perimeterDerivedDiameter: 'Perimeter-derived diameter',
  areaDerivedDiameter: 'Area-derived diameter',
  largestDistanceFromPlane: 'Largest distance from plane',
};

/** The report's measurement order: the sizing-relevant ones first. */
const ORDER = Object.keys(LABELS);

export function measurementLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatMeasurement(key: string, value: number): string {
  const lower = key.toLowerCase();
  if (lower.includes('angle')) return `${Math.round(value)}°`;
  if (lower === 'area' || (lower.includes('area') && !lower.includes('diameter'))) return `${value.toFixed(1)} mm²`;
  return `${value.toFixed(1)} mm`;
}

export function orderedMeasurements(measurements: Record<string, number>): [string, number][] {
  const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);
  return Object.entries(measurements)
    .filter(([, value]) => Number.isFinite(value))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Spec §8: what a non-clinical order says when no degradation remark was given. */
export const NON_CLINICAL_REMARK =
  'The results of this case cannot be used for clinical purposes because the organization only has a non-clinical device license for this device.';
