import { createHash } from 'node:crypto';
import { type CardiacPhase, OrderStatus, type ReportConfig } from '@cardiomap/contract';
import { SIZE_CHARTS, sizeCaseDevices } from '@cardiomap/domain';
import type { DbOrTx } from '../../db/client.ts';
import { iso, queryOn } from '../../db/query.ts';
import { listPhases, phaseFactsOf, presentPhases } from '../studies/index.ts';
import { formatMeasurement, measurementLabel, NON_CLINICAL_REMARK, orderedMeasurements } from './report-format.ts';
import type { ReportContent, ReportFigure, ReportInputs } from './report-inputs.ts';
import {
  findReportCase,
  type GeneratedReportRow,
  generatedReports,
  publishedLandmarks,
  type ReportCaseRow,
  type ReportLandmarkRow,
  type ReportOrderRow,
  type ReportVariant,
  reportOrders,
  studyInstanceUid,
} from './repository.ts';

/** Everything stored that a report of the study is made from. */
export interface ReportFacts {
  theCase: ReportCaseRow;
  orders: ReportOrderRow[];
  landmarks: ReportLandmarkRow[];
  studyInstanceUid: string | null;
  /** Issue 28: the study's cardiac phases, in cardiac order. */
  phases: CardiacPhase[];
  reports: GeneratedReportRow[];
  /** Figures and results as the stored report shows them (with simulations). */
  content: ReportContent;
}

/** Read on `db`, a connection or the caller's transaction, so the key matches what the caller writes. */
export async function loadReportFacts(
  db: DbOrTx,
  studyId: string,
  inputs: ReportInputs,
): Promise<ReportFacts | undefined> {
  const query = queryOn(db);
  const theCase = await findReportCase(query, studyId);
  if (!theCase) return undefined;
  // One after another, not Promise.all: `query` may be a transaction's, and one PostgreSQL connection
  // runs one statement at a time (concurrent ones are deprecated in pg and refused by the test guard).
  const orders = await reportOrders(query, theCase.caseId);
  const landmarks = await publishedLandmarks(query, studyId);
  const uid = await studyInstanceUid(query, studyId);
  const phases = presentPhases((await listPhases(query, studyId)).map(phaseFactsOf));
  const reports = await generatedReports(query, studyId);
  const content = await inputs.loadContent(db, studyId, { withSimulations: true });
  return { theCase, orders, landmarks, studyInstanceUid: uid, phases, reports, content };
}

/**
 * The phase a measurement was made on, as the report states it: its recorded phase; none recorded (placed
 * before phases were told apart), the study's only phase when it has one, else null ('not recorded').
 */
export function measuredPhaseLabel(landmark: ReportLandmarkRow, phases: readonly CardiacPhase[]): string | null {
  if (landmark.phaseId) return phases.find((phase) => phase.id === landmark.phaseId)?.label ?? null;
  return phases.length === 1 ? (phases[0]?.label ?? null) : null;
}

const delivered = (facts: ReportFacts) => facts.orders.filter((order) => order.status === OrderStatus.DELIVERED);

export const hasDeliveredAnalysis = (facts: ReportFacts): boolean => delivered(facts).length > 0;

const obsoleted = (facts: ReportFacts) => facts.orders.filter((order) => order.status === OrderStatus.OBSOLETED);

/**
 * Issue 30 §2: the case's deliveries were all obsoleted and no newer order is under way (the case is
 * completed): the report is still made, of the obsoleted orders, watermarked "Obsolete". Once the case is
 * ordered again its in-progress work is not reported; the last obsolete report stays.
 */
export const isObsoleteAnalysis = (facts: ReportFacts): boolean =>
  !hasDeliveredAnalysis(facts) &&
  obsoleted(facts).length > 0 &&
  !facts.orders.some((order) => order.status === OrderStatus.IN_PROGRESS);

/** What a report can be made of: a delivered analysis, or an obsoleted one not yet replaced. */
export const hasReportableAnalysis = (facts: ReportFacts): boolean =>
  hasDeliveredAnalysis(facts) || isObsoleteAnalysis(facts);

/**
 * The delivered analysis as a key: what the report shows changes exactly when this does (a delivery,
 * its withdrawal or obsoletion, a degradation, a published landmark, the comment, a figure added,
 * removed or re-captioned, a result added, removed, renamed or changed). Reports of the same key are
 * the same report, so asking again generates nothing.
 */
export function analysisKeyOf(facts: ReportFacts): string {
  const state = {
    orders: facts.orders.map((o) => [
      o.id,
      o.status,
      o.deliveryId,
      o.deliveryIsObsoleted,
      o.isClinical,
      o.degradationRemark,
    ]),
    landmarks: facts.landmarks.map((l) => [l.id, iso(l.dateModified), l.measurements]),
    comment: facts.theCase.analystComment,
    figures: facts.content.figures.map((f) => [f.id, f.caption]),
    results: facts.content.results.map((r) => [r.name, r.value, r.unit ?? null]),
    // Issue 28, only for gated studies, so a single-phase study keeps the key (and version) it had.
    ...(facts.phases.length > 1 && {
      phases: facts.phases.map((p) => [p.id, p.label, p.isDefault]),
      figurePhases: facts.content.figures.map((f) => f.phaseLabel ?? null),
    }),
  };
  return createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 32);
}

/** Versions count the distinct analyses reported so far; a new analysis is the next number. */
export function analysisVersionOf(facts: ReportFacts, key: string): number {
  const known = facts.reports.find((report) => report.analysisKey === key);
  if (known) return known.analysisVersion;
  return Math.max(0, ...facts.reports.map((report) => report.analysisVersion)) + 1;
}

export const landmarkUrl = (publicUrl: string, studyId: string, landmarkId: string): string =>
  `${publicUrl}/study-viewer/${studyId}?landmark=${landmarkId}`;

export interface BuildOptions {
  /** Where content other than the stored report's (without simulations) is read. */
  db: DbOrTx;
  variant: ReportVariant;
  withSimulations: boolean;
  publicUrl: string;
  inputs: ReportInputs;
}

/** The report's content for one level of patient detail; figures are loaded only when asked for. */
export async function buildReport(
  facts: ReportFacts,
  options: BuildOptions,
  withFigures: boolean,
): Promise<{ config: ReportConfig; figures: ReportFigure[] }> {
  const { theCase } = facts;
  const studyId = theCase.studyId;
  const isObsolete = isObsoleteAnalysis(facts);
  const reported = delivered(facts).length > 0 ? delivered(facts) : isObsolete ? obsoleted(facts) : facts.orders;
  const isClinical = reported.length > 0 && reported.every((order) => order.isClinical);
  const remarks = [...new Set(reported.flatMap((order) => (order.degradationRemark ? [order.degradationRemark] : [])))];
  const deliveryDates = (isObsolete ? reported : delivered(facts)).flatMap((order) =>
    order.deliveryDate ? [iso(order.deliveryDate) ?? ''] : [],
  );
  const devices = new Map<string, { id: string; name: string; sizes: string[] }>();
  for (const order of reported) {
    for (const device of order.devices) {
      const entry = devices.get(device.id) ?? { ...device, sizes: [] };
      for (const variant of order.variants) {
        if (variant.deviceId === device.id && !entry.sizes.includes(variant.name)) entry.sizes.push(variant.name);
      }
      devices.set(device.id, entry);
    }
  }
  const names = new Map([...devices.values()].map((device) => [device.id, device.name]));
  const sizing = sizeCaseDevices([...devices.keys()], facts.landmarks, SIZE_CHARTS).map((s) => ({
    ...s,
    deviceName: names.get(s.deviceId) ?? '',
  }));
  const key = analysisKeyOf(facts);
  const ports = { withSimulations: options.withSimulations };
  const content = options.withSimulations
    ? facts.content
    : await options.inputs.loadContent(options.db, studyId, ports);
  const { results } = content;
  const figures = withFigures
    ? await Promise.all(
        content.figures.map(async (figure) => ({
          caption: figure.caption,
          phaseLabel: figure.phaseLabel ?? null,
          png: await options.inputs.readFigure(figure),
        })),
      )
    : [];
  const config: ReportConfig = {
    studyId,
    caseId: theCase.caseId,
    caseIdentifier: theCase.caseIdentifier,
    organisation: theCase.organisationName,
    intervention: theCase.interventionName,
    devices: [...devices.values()],
    analysisVersion: analysisVersionOf(facts, key),
    analysisKey: key,
    deliveryDate: deliveryDates.sort().at(-1) ?? null,
    isClinical,
    isObsolete,
    degradationRemarks: remarks.length > 0 || isClinical ? remarks : [NON_CLINICAL_REMARK],
    patient:
      options.variant === 'identified'
        ? { identifier: theCase.patientIdentifier, age: theCase.patientAge, sex: theCase.patientSex }
        : null,
    phases: facts.phases,
    landmarks: facts.landmarks.map((landmark) => ({
      id: landmark.id,
      name: landmark.name,
      phaseLabel: measuredPhaseLabel(landmark, facts.phases),
      url: landmarkUrl(options.publicUrl, studyId, landmark.id),
      measurements: orderedMeasurements(landmark.measurements).map(([name, value]) => ({
        label: measurementLabel(name),
        value: formatMeasurement(name, value),
        url: landmarkUrl(options.publicUrl, studyId, landmark.id),
      })),
    })),
    sizing,
    results,
    figureCaptions: content.figures.map((figure) => figure.caption),
    figures: content.figures.map((figure) => ({ caption: figure.caption, phaseLabel: figure.phaseLabel ?? null })),
    analystComment: theCase.analystComment,
    studyInstanceUid: facts.studyInstanceUid,
    withSimulations: options.withSimulations,
  };
  return { config, figures };
}
