import { Writable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import type { ReportConfig } from '@cardiomap/contract';
import { SIZE_CHARTS, sizeCaseDevices } from '@cardiomap/domain';
import { describe, expect, it } from 'vitest';
import { NOT_FOR_CLINICAL_USE, renderReport } from '../../src/modules/reports/pdf/render-report.ts';
import { inkOnFirstPage, pdfPages, pdfPageTexts, pdfText } from './report-fixtures.ts';

/** A grey RGB PNG (CRCs are zero: pdfkit does not check them). */
function greyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height, 90);
  for (let y = 0; y < height; y += 1) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const config: ReportConfig = {
  studyId: '5a000000-0000-4000-8000-000000000001',
  caseId: 'c0000000-0000-4000-8000-000000000001',
  caseIdentifier: 'NCL-LAAO-00007',
  organisation: 'Northern Clinic',
  intervention: 'Left Atrial Appendage Occlusion',
  devices: [{ id: '00000000-0000-4000-8000-00000000d102', name: 'Amplatzer Amulet', sizes: [] }],
  analysisVersion: 3,
  analysisKey: 'k',
  deliveryDate: '2026-11-20T09:00:00.000Z',
  isClinical: false,
  degradationRemarks: ['Organisation holds a non-clinical licence for this device'],
  patient: null,
  landmarks: [],
  sizing: [],
  results: [{ name: 'Ostium eccentricity', value: 0.234, unit: '' }],
  figureCaptions: ['Ostium, en face', 'Landing zone'],
  figures: [
    { caption: 'Ostium, en face', phaseLabel: null },
    { caption: 'Landing zone', phaseLabel: null },
  ],
  phases: [],
  analystComment: '',
  studyInstanceUid: null,
  withSimulations: true,
};

async function render(
  figures: { caption: string; png: Buffer; phaseLabel?: string | null }[],
  reported: ReportConfig = config,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  await renderReport(
    reported,
    figures.map((figure) => ({ phaseLabel: null, ...figure })),
    { generatedAt: new Date('2026-11-26T12:00:00Z'), softwareVersion: '9.9.9' },
    sink,
  );
  return Buffer.concat(parts);
}

describe('renderReport', () => {
  it('never leaves the "Figures" heading alone at the bottom of a page (issue 30 #17)', async () => {
    const png = greyPng(160, 100);
    // Each added result row moves the heading down a little: one of these puts it at a page's foot.
    for (let rows = 8; rows <= 44; rows += 3) {
      const results = Array.from({ length: rows }, (_, i) => ({ name: `Result ${i + 1}`, value: i, unit: 'mm' }));
      const pages = pdfPageTexts(await render([{ caption: 'Ostium, en face', png }], { ...config, results }));
      const withHeading = pages.find((page) => /^\s*Figures\s*$/m.test(page));
      expect(withHeading, `${rows} result rows`).toContain('Figure 1. Ostium, en face');
    }
  });

  it('prints figures with captions, results, the degradation remark and "Not for clinical use" on every page', async () => {
    const pdf = await render([
      { caption: 'Ostium, en face', png: greyPng(1440, 900) },
      { caption: 'Landing zone', png: greyPng(800, 500) },
    ]);
    const text = pdfText(pdf);
    expect(text).toContain('Figure 1. Ostium, en face');
    expect(text).toContain('Figure 2. Landing zone');
    expect(text).toContain('Ostium eccentricity');
    expect(text).toContain('0.23');
    expect(text).toContain('Organisation holds a non-clinical licence for this device');
    expect(text).toContain('Non-clinical');
    expect(text).toContain('No published landmarks.');
    expect(text).toContain('No comment.');
    expect(text).toContain('Generated 2026-11-26 12:00 UTC');
    expect(text).toContain('CardioMap 9.9.9');
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text.split(NOT_FOR_CLINICAL_USE).length - 1).toBe(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.split('NCL-LAAO-00007 · analysis version 3').length - 1).toBe(pages);
    expect(inkOnFirstPage(pdf)).toBeGreaterThan(0.01);
  });

  it("prints each family's oversizing basis, how far its ranges were checked, and the IFU note", async () => {
    const sapien = '00000000-0000-4000-8000-00000000d002';
    const amulet = '00000000-0000-4000-8000-00000000d102';
    const landmarks = [
      { id: 'a', landmarkTypeId: SIZE_CHARTS[0]?.landmarkTypeId ?? null, measurements: { areaDerivedDiameter: 22 } },
      {
        id: 'b',
        landmarkTypeId: SIZE_CHARTS.find((c) => c.deviceId === amulet)?.landmarkTypeId ?? null,
        measurements: { maxDiameter: 20.5 },
      },
    ];
    const sizing = sizeCaseDevices([sapien, amulet], landmarks, SIZE_CHARTS).map((s, i) => ({
      ...s,
      landmarkId: null,
      deviceName: i === 0 ? 'SAPIEN 3 Ultra RESILIA' : 'Amplatzer Amulet',
    }));
    const text = pdfText(await render([], { ...config, sizing })).replace(/\s+/g, ' ');
    expect(text).toContain('Oversizing (area)');
    // The narrow column wraps its header: pdftotext may read the next header between the two words.
    expect(text).toMatch(/Oversizing (Fits )?\(diameter\)/);
    // (23 / 22)² − 1 by area; 25 / 20.5 − 1 by diameter.
    expect(text).toContain('+9.3 %');
    expect(text).toContain('+22.0 %');
    expect(text).toContain("confirm every range against the manufacturer's current instructions for use (IFU)");
    expect(text).toContain('Ranges only partly checked against published charts.');
  });

  it('without numeric results says what the landmarks measured; "no results" only when there are none (issue 30 §5)', async () => {
    const measurement = (label: string, value: string) => ({ label, value, url: 'http://x/' });
    const measured: ReportConfig = {
      ...config,
      results: [],
      landmarks: [
        {
          id: 'a',
          name: 'Annulus',
          url: 'http://x/',
          phaseLabel: null,
          measurements: [measurement('Perimeter', '75.4 mm'), measurement('Area', '452.4 mm²')],
        },
        { id: 'b', name: 'LCA height', url: 'http://x/', phaseLabel: null, measurements: [measurement('D', '14 mm')] },
      ],
    };
    const text = pdfText(await render([], measured)).replace(/\s+/g, ' ');
    expect(text).toContain(
      'No numeric results; this analysis has 2 landmarks with 3 measurements, listed under Measurements above.',
    );
    expect(text).not.toContain('No analysis results.');
    const empty = pdfText(await render([], { ...config, results: [], landmarks: [] }));
    expect(empty).toContain('No analysis results.');
  });

  it('states the cardiac phase of every measurement and figure, and lists the study phases (issue 28)', async () => {
    const phase = (id: number, label: string, percent: number, isDefault: boolean) => ({
      id: `9a000000-0000-4000-8000-00000000000${id}`,
      label,
      percent,
      triggerTimeMs: null,
      sliceCount: 40,
      isDefault,
    });
    const measurement = (label: string, value: string) => ({ label, value, url: 'http://x/' });
    const gated: ReportConfig = {
      ...config,
      phases: [phase(1, '10 %', 10, false), phase(2, '40 %', 40, true), phase(3, '70 %', 70, false)],
      landmarks: [
        {
          id: 'a',
          name: 'Annulus',
          url: 'http://x/',
          phaseLabel: '40 %',
          measurements: [measurement('Area', '452.4 mm²')],
        },
        {
          id: 'b',
          name: 'LAA ostium',
          url: 'http://x/',
          phaseLabel: '70 %',
          measurements: [measurement('Max', '2 mm')],
        },
        { id: 'c', name: 'Old landmark', url: 'http://x/', phaseLabel: null, measurements: [measurement('D', '1 mm')] },
      ],
    };
    const text = pdfText(
      await render([{ caption: 'Ostium, en face', png: greyPng(400, 300), phaseLabel: '70 %' }], gated),
    ).replace(/\s+/g, ' ');
    // The facts are laid out in two columns: pdftotext may read the next label between label and value.
    expect(text).toContain('Cardiac phases');
    expect(text).toContain('10 %, 40 % (default), 70 %');
    expect(text).toContain('Measured on');
    expect(text).toMatch(/Annulus 40 % Area 452\.4 mm²/);
    expect(text).toMatch(/LAA ostium 70 % Max/);
    expect(text).toMatch(/Old landmark not recorded D/);
    expect(text).toContain('Figure 1. Ostium, en face — phase 70 %');
  });
});
