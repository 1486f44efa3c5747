import { type Analysis, AnalysisType, type Order, Service } from '@cardiomap/contract';

/**
 * The analyses a delivery may hand over: the analysts' own (the automatic preliminary model never is
 * delivered), the order's own first, then the ones no order holds yet, then the rest.
 */
export function deliverableAnalyses(analyses: readonly Analysis[], order: Pick<Order, 'id'>): Analysis[] {
  const rank = (a: Analysis) => (a.orderId === order.id ? 0 : a.orderId === null ? 1 : 2);
  return analyses.filter((a) => !a.isPreliminary).sort((a, b) => rank(a) - rank(b));
}

const ANALYSIS_OF_SERVICE: Record<number, AnalysisType> = {
  [Service.ANATOMICAL]: AnalysisType.ANATOMICAL,
  [Service.SIMULATION]: AnalysisType.SIMULATION,
  [Service.LEGACY]: AnalysisType.LEGACY,
  [Service.REDO_TAVI]: AnalysisType.REDO_TAVI,
};

/** The analysis type made for an order when none exists yet (spec §3 Analysis types by service). */
export const analysisTypeFor = (order: Pick<Order, 'service'>): AnalysisType =>
  ANALYSIS_OF_SERVICE[order.service] ?? AnalysisType.ANATOMICAL;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const TYPE_LABELS: Record<number, string> = { 0: 'Legacy', 1: 'Anatomical', 2: 'Simulation', 3: 'Redo TAVI' };

export const analysisLabel = (analysis: Pick<Analysis, 'name' | 'type' | 'landmarkIds' | 'analysisResourceIds'>) => {
  const name = analysis.name || `${TYPE_LABELS[analysis.type] ?? 'Unknown'} analysis`;
  const parts = [count(analysis.landmarkIds.length, 'landmark'), count(analysis.analysisResourceIds.length, 'result')];
  return { name, detail: parts.join(' · ') };
};
