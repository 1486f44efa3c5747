import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { ReportConfig } from '@cardiomap/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { renderReport } from '../../src/modules/reports/pdf/render-report.ts';
import { pdfText } from './report-fixtures.ts';

const config: ReportConfig = {
  studyId: '5a000000-0000-4000-8000-000000000001',
  caseId: 'c0000000-0000-4000-8000-000000000001',
  caseIdentifier: 'SHA-TAVI-00001',
  organisation: '上海心脏中心',
  intervention: 'Transcatheter Aortic Valve Implantation',
  devices: [],
  analysisVersion: 1,
  analysisKey: 'k',
  deliveryDate: null,
  isClinical: true,
  degradationRemarks: [],
  patient: null,
  landmarks: [],
  sizing: [],
  results: [{ name: '弁輪 周囲長', value: 75.2, unit: 'mm' }],
  figureCaptions: [],
  figures: [],
  phases: [],
  analystComment: '석회화가 중등도입니다.',
  studyInstanceUid: null,
  withSimulations: true,
};

async function render(reported: ReportConfig): Promise<string> {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  await renderReport(reported, [], { generatedAt: new Date('2026-11-28T12:00:00Z'), softwareVersion: 't' }, sink);
  return pdfText(Buffer.concat(parts));
}

/** Issue 27 (Low): Chinese, Japanese and Korean text was dropped from the PDF without a word. */
describe('report text beyond DejaVu', () => {
  afterEach(() => {
    delete process.env.CM_CJK_FONT_DIR;
  });

  it('prints Chinese, Japanese and Korean text with the CJK font, and the Latin text beside it', async () => {
    const text = await render(config);
    expect(text).toContain('上海心脏中心');
    expect(text).toContain('弁輪 周囲長');
    expect(text).toContain('석회화가 중등도입니다.');
    expect(text).toContain('Analysis report');
    expect(text).not.toContain('could not be shown');
  });

  it('says so visibly when no font on the server draws them', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cm-no-cjk-'));
    process.env.CM_CJK_FONT_DIR = empty;
    try {
      const text = (await render({ ...config, results: [], analystComment: '' })).replace(/\s+/g, ' ');
      expect(text).toContain('Some characters of this report could not be shown');
      expect(text).toContain('U+4E0A');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
