import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReportConfig } from '@cardiomap/contract';
import {
  emptyResultsLine,
  formatOversizing,
  OVERSIZING_BASIS_LABELS,
  RANGES_CONFIRMED_LABELS,
  SIZING_FIT_LABELS,
  SIZING_IFU_NOTE,
  SIZING_MEASURE_LABELS,
  type SizingFit,
  type SizingMeasure,
} from '@cardiomap/domain';
import PDFDocument from 'pdfkit';
import type { ReportFigure } from '../report-inputs.ts';
import { fitFigure } from './fit-figure.ts';
import { defaultFont, registerFonts } from './fonts.ts';
import { COLOURS, contentWidth, ensureSpace, FOOTER_SPACE, facts, heading, MARGIN, table } from './layout.ts';

type Doc = InstanceType<typeof PDFDocument>;

export interface RenderMeta {
  generatedAt: Date;
  softwareVersion: string;
}

export const NOT_FOR_CLINICAL_USE = 'Not for clinical use';

/**
 * The PDF report (issue 18 §2) streamed into `out`: header, measurements (each value a link to its
 * landmark's plane in the viewer), device sizing, analysis results, figures, the analyst's comment,
 * and on every page a footer. Pages are buffered only to number them ("page 2 of 5") at the end.
 */
export async function renderReport(
  config: ReportConfig,
  figures: readonly ReportFigure[],
  meta: RenderMeta,
  out: Writable,
): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    font: defaultFont(),
    info: {
      Title: `${config.caseIdentifier} report`,
      Author: 'CardioMap',
      Creator: `CardioMap ${meta.softwareVersion}`,
    },
  });
  const { missingGlyphs } = registerFonts(doc, textOf(config, figures));
  // Shrunk in parallel (zlib runs off the main thread) before the synchronous layout starts.
  const fitted = await Promise.all(figures.map(async (figure) => ({ ...figure, png: await fitFigure(figure.png) })));
  doc.pipe(out);
  const done = finished(out);

  header(doc, config);
  if (missingGlyphs.length > 0) missingGlyphsNote(doc, missingGlyphs);
  measurements(doc, config);
  sizing(doc, config);
  results(doc, config);
  figuresSection(doc, fitted);
  comment(doc, config);
  footers(doc, config, meta);

  doc.end();
  await done;
}

/** Every string the report may print from its inputs, to choose a font that draws them all. */
function textOf(config: ReportConfig, figures: readonly { caption?: string }[]): string {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) walk(item);
  };
  walk(config);
  walk(figures.map((f) => f.caption ?? ''));
  return strings.join('\n');
}

/** Said at the top instead of leaving gaps: no font on this server draws these characters. */
function missingGlyphsNote(doc: Doc, missing: readonly string[]): void {
  const codes = missing
    .slice(0, 12)
    .map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`);
  const more = missing.length > codes.length ? ` and ${missing.length - codes.length} more` : '';
  doc
    .moveDown(0.3)
    .font('bold')
    .fontSize(9)
    .fillColor(COLOURS.warn)
    .text(
      `Some characters of this report could not be shown: no font on this server draws ${codes.join(', ')}${more}.`,
      MARGIN,
    )
    .fillColor(COLOURS.text);
}

function header(doc: Doc, config: ReportConfig): void {
  doc.font('bold').fontSize(18).fillColor(COLOURS.text).text('Analysis report', MARGIN, MARGIN);
  doc.font('regular').fontSize(12).fillColor(COLOURS.muted).text(config.caseIdentifier);
  doc.moveDown(0.8);
  const devices = config.devices.map((d) => (d.sizes.length ? `${d.name} (${d.sizes.join(', ')} mm)` : d.name));
  const pairs: [string, string][] = [
    ['Case', config.caseIdentifier],
    ['Organisation', config.organisation],
    ['Intervention', config.intervention],
    ['Devices ordered', devices.join('; ')],
    ['Analysis version', String(config.analysisVersion)],
    ['Delivery date', config.deliveryDate ? formatDate(new Date(config.deliveryDate)) : 'Not delivered'],
    ['Status', config.isClinical ? 'Clinical' : 'Non-clinical'],
    ...(config.isObsolete ? [['Validity', 'Obsolete: superseded, must no longer be used'] as [string, string]] : []),
    ['Cardiac phases', phasesText(config.phases)],
  ];
  if (config.patient) {
    pairs.push(
      ['Patient identifier', config.patient.identifier],
      ['Age / sex', `${config.patient.age} years / ${config.patient.sex === 'F' ? 'female' : 'male'}`],
    );
  }
  facts(doc, pairs);
  for (const remark of config.degradationRemarks) {
    doc.moveDown(0.3);
    const top = doc.y;
    const height =
      doc
        .font('regular')
        .fontSize(9)
        .heightOfString(remark, { width: contentWidth(doc) - 16 }) + 10;
    doc.rect(MARGIN, top, contentWidth(doc), height).lineWidth(1).strokeColor(COLOURS.warn).stroke();
    doc.fillColor(COLOURS.warn).text(remark, MARGIN + 8, top + 5, { width: contentWidth(doc) - 16 });
    doc.y = top + height;
    doc.x = MARGIN;
  }
  doc.fillColor(COLOURS.text);
}

function measurements(doc: Doc, config: ReportConfig): void {
  heading(doc, 'Measurements');
  if (config.landmarks.length === 0) {
    doc.font('regular').fontSize(10).text('No published landmarks.');
    return;
  }
  // Issue 28: every measurement says the cardiac phase (volume) it was made on.
  const rows = config.landmarks.flatMap((landmark) =>
    landmark.measurements.map((m, i) => [
      { text: i === 0 ? landmark.name : '', bold: true },
      { text: i === 0 ? (landmark.phaseLabel ?? 'not recorded') : '' },
      { text: m.label },
      { text: m.value, link: m.url },
    ]),
  );
  table(
    doc,
    [
      { header: 'Landmark', width: 0.36 },
      { header: 'Measured on', width: 0.16 },
      { header: 'Measurement', width: 0.28 },
      { header: 'Value', width: 0.2, align: 'right' },
    ],
    rows,
  );
  doc
    .moveDown(0.3)
    .font('regular')
    .fontSize(8)
    .fillColor(COLOURS.muted)
    .text('Each value opens the viewer on its landmark (sign-in required).', MARGIN);
}

function sizing(doc: Doc, config: ReportConfig): void {
  if (config.sizing.length === 0) return;
  heading(doc, 'Device sizing');
  doc
    .font('bold')
    .fontSize(8)
    .fillColor(COLOURS.warn)
    .text(SIZING_IFU_NOTE, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.5);
  for (const device of config.sizing) {
    ensureSpace(doc, 90);
    const measure = SIZING_MEASURE_LABELS[device.measure as SizingMeasure] ?? device.measure;
    const measured = device.measured === null ? 'not measured' : `${device.measured.toFixed(1)} mm`;
    const fit = SIZING_FIT_LABELS[device.fit as SizingFit] ?? device.fit;
    const url = device.landmarkId ? config.landmarks.find((l) => l.id === device.landmarkId)?.url : undefined;
    doc.font('bold').fontSize(10).fillColor(COLOURS.text).text(device.deviceName, MARGIN, doc.y);
    doc.font('regular').fontSize(9).text(`${device.landmarkName}, ${measure}: `, { continued: true });
    doc
      .fillColor(url ? COLOURS.link : COLOURS.text)
      .text(measured, { link: url, underline: Boolean(url), continued: true });
    const warn = device.fit !== 'within';
    doc.fillColor(warn ? COLOURS.warn : COLOURS.text).text(` — ${fit}`, { link: null, underline: false });
    doc.moveDown(0.2);
    table(
      doc,
      [
        { header: 'Size', width: 0.2 },
        { header: `Range (${measure.toLowerCase()})`, width: 0.4 },
        { header: OVERSIZING_BASIS_LABELS[device.oversizingBasis], width: 0.2, align: 'right' },
        { header: 'Fits', width: 0.2 },
      ],
      device.rows.map((row) => [
        { text: `${row.size} mm`, bold: row.fits },
        { text: `${row.min.toFixed(1)}–${row.max.toFixed(1)} mm` },
        { text: formatOversizing(row.oversizingPercent) },
        { text: row.fits ? '✓ in range' : '' },
      ]),
    );
    if (device.rangesConfirmed !== 'confirmed') {
      doc
        .moveDown(0.2)
        .font('regular')
        .fontSize(8)
        .fillColor(COLOURS.muted)
        .text(RANGES_CONFIRMED_LABELS[device.rangesConfirmed], MARGIN, doc.y, { width: contentWidth(doc) });
    }
    doc.moveDown(0.6);
  }
}

function results(doc: Doc, config: ReportConfig): void {
  heading(doc, 'Analysis results');
  if (config.results.length === 0) {
    // A case measured through its landmarks has results: say what there is (issue 30 §5).
    const measured = {
      landmarks: config.landmarks.length,
      measurements: config.landmarks.reduce((sum, landmark) => sum + landmark.measurements.length, 0),
    };
    const line = emptyResultsLine(measured, 'listed under Measurements above', 'No analysis results.');
    doc.font('regular').fontSize(10).fillColor(COLOURS.text).text(line, MARGIN);
    return;
  }
  table(
    doc,
    [
      { header: 'Result', width: 0.6 },
      { header: 'Value', width: 0.4, align: 'right' },
    ],
    config.results.map((result) => [
      { text: result.name },
      {
        text: `${typeof result.value === 'number' ? Number(result.value.toFixed(2)) : result.value}${result.unit ? ` ${result.unit}` : ''}`,
      },
    ]),
  );
}

const FIGURE_HEIGHT = 300;
/** A figure with its caption. */
const FIGURE_SPACE = FIGURE_HEIGHT + 30;

function figuresSection(doc: Doc, figures: readonly ReportFigure[]): void {
  if (figures.length === 0) return;
  heading(doc, 'Figures', FIGURE_SPACE);
  figures.forEach((figure, index) => {
    ensureSpace(doc, FIGURE_SPACE);
    const top = doc.y;
    doc.image(figure.png, MARGIN, top, { fit: [contentWidth(doc), FIGURE_HEIGHT], align: 'center' });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(
        `Figure ${index + 1}. ${figure.caption} — phase ${figure.phaseLabel ?? 'not recorded'}`,
        MARGIN,
        top + FIGURE_HEIGHT + 4,
        {
          width: contentWidth(doc),
        },
      );
    doc.moveDown(0.8);
  });
  doc.fillColor(COLOURS.text);
}

function comment(doc: Doc, config: ReportConfig): void {
  heading(doc, "Analyst's comment");
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(COLOURS.text)
    .text(config.analystComment.trim() || 'No comment.', MARGIN, doc.y, { width: contentWidth(doc) });
}

function footers(doc: Doc, config: ReportConfig, meta: RenderMeta): void {
  const range = doc.bufferedPageRange();
  // Every page names its version: a printed page that comes loose still says which report it belongs to.
  const parts = [
    `${config.caseIdentifier} · analysis version ${config.analysisVersion}`,
    `Generated ${formatDateTime(meta.generatedAt)}`,
    `CardioMap ${meta.softwareVersion}`,
  ];
  // On its own line, so a UID (up to 64 characters) is never split.
  const uid = `Study UID ${config.studyInstanceUid ?? '—'}`;
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: the footer lives in that margin.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - FOOTER_SPACE + 14;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(doc.page.width - MARGIN, y - 4)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.font('regular').fontSize(7).fillColor(COLOURS.muted);
    doc.text(parts.join(' · '), MARGIN, y, { width: contentWidth(doc) - 70, lineBreak: true });
    doc.text(uid, MARGIN, doc.y, { width: contentWidth(doc) - 70, lineBreak: true });
    // Should a line above wrap, the warning goes below wherever it ended.
    const below = doc.y + 2;
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, doc.page.width - MARGIN - 70, y, {
      width: 70,
      align: 'right',
    });
    if (!config.isClinical) {
      doc.font('bold').fontSize(8).fillColor(COLOURS.warn).text(NOT_FOR_CLINICAL_USE, MARGIN, below);
    }
    if (config.isObsolete) obsoleteWatermark(doc);
    doc.page.margins.bottom = bottomMargin;
  }
}

export const OBSOLETE_WATERMARK = 'Obsolete';

/** Issue 30 §2: across every page of a report whose delivery was obsoleted, so no printed page passes as valid. */
function obsoleteWatermark(doc: Doc): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc.font('bold').fontSize(110).fillColor(COLOURS.warn).fillOpacity(0.18);
  doc.text(OBSOLETE_WATERMARK, 0, height / 2 - 55, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

/** The study's phases in cardiac order, the default one marked: '0 %, 40 % (default), 70 %'. */
function phasesText(phases: ReportConfig['phases']): string {
  if (phases.length === 0) return 'No volume';
  return phases.map((p) => (p.isDefault && phases.length > 1 ? `${p.label} (default)` : p.label)).join(', ');
}

const formatDate = (date: Date) => date.toISOString().slice(0, 10);
const formatDateTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
