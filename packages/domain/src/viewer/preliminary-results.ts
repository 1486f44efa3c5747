/**
 * The enclosed volume (ml) a contrast-enhanced blood pool of the heart and the aorta it shows can have.
 * Outside it the automatic model did not find a blood pool (issue 17: the skeleton of a non-cardiac CT
 * gave "2297 ml", a tiny fragment "8 ml"), and a number would only mislead.
 */
export const PLAUSIBLE_BLOOD_POOL_ML = Object.freeze({ min: 50, max: 1500 });

/** How the threshold blob's volume result was named ('Blood pool volume (preliminary)'). */
const BLOOD_POOL_VOLUME = 'Blood pool volume';

interface ResultsOf {
  isPreliminary: boolean;
  results: { name: string; value: string | number; unit?: string }[];
}

/**
 * Issue 17 §2: the results the Details tab shows. The preliminary model's own figures are a first look
 * before the analyst's work: once an order is delivered they are not shown beside the analyst's
 * measurements, and never when the volume is implausible (the surface then is not a blood pool).
 */
export function shownResultsOf(analysis: ResultsOf, facts: { hasDeliveredOrder: boolean }): ResultsOf['results'] {
  if (!analysis.isPreliminary) return analysis.results;
  if (facts.hasDeliveredOrder) return [];
  // Only the threshold blob's one volume (stored before issue 31) can be a skeleton or a fragment: the
  // automatic anatomy is stored only when found, and a small left ventricle (first of its volumes) is real.
  const volume = analysis.results.find(
    (r) => r.unit === 'ml' && typeof r.value === 'number' && r.name.startsWith(BLOOD_POOL_VOLUME),
  );
  const value = volume?.value as number | undefined;
  if (value !== undefined && (value < PLAUSIBLE_BLOOD_POOL_ML.min || value > PLAUSIBLE_BLOOD_POOL_ML.max)) return [];
  return analysis.results;
}
