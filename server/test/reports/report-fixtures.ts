import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GeometryType, ViewType } from '@cardiomap/contract';
import type { TestApp } from '../helpers/test-app.ts';
import { DEVICE, insertCase, userId } from '../orders/fixtures.ts';

const typeId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A planted identifier: it must appear only in the report of who may see patient details. */
export const PLANTED_PATIENT = 'PLANTED-PATIENT-4711';
export const STUDY_UID = '2.25.123456789012345678901234567890';

/** The published landmarks of the fixture and the values (with units) the report must print. */
export const LANDMARKS = [
  {
    name: 'Annulus',
    type: typeId(0x1a01),
    geometry: GeometryType.CLOSED_CURVE,
    measurements: {
      perimeter: 75.43,
      area: 452.39,
      minDiameter: 21.52,
      maxDiameter: 26.34,
      perimeterDerivedDiameter: 24.01,
      areaDerivedDiameter: 24.0,
    },
    printed: ['75.4 mm', '452.4 mm²', '21.5 mm', '26.3 mm', '24.0 mm'],
  },
  {
    name: 'Left coronary ostium height',
    type: typeId(0x1a06),
    geometry: GeometryType.DISTANCE,
    measurements: { distance: 14.26 },
    printed: ['14.3 mm'],
  },
  {
    name: 'Aortic angle',
    type: null,
    geometry: GeometryType.ANGLE,
    measurements: { angle: 47.6 },
    printed: ['48°'],
  },
] as const;

export interface ReportCase {
  caseId: string;
  caseIdentifier: string;
  orderId: string;
  studyId: string;
  analysisId: string;
  landmarkIds: string[];
  unpublishedId: string;
}

/** A TAVI case of HVC with a study, published landmarks (and one unpublished) and a volume, undelivered. */
export async function insertReportCase(t: TestApp): Promise<ReportCase> {
  const { caseId, orderIds } = await insertCase(t, {
    org: 'HVC',
    prefix: 'TAVI',
    patientIdentifier: PLANTED_PATIENT,
    orders: [{ devices: [DEVICE.sapien3, DEVICE.evolut], variantNames: ['23', '26'] }],
  });
  const q = <T>(sql: string, params: unknown[]) => t.database.query<T>(sql, params);
  const [theCase] = await q<{ caseIdentifier: string }>(
    'SELECT case_identifier AS "caseIdentifier" FROM cases WHERE id = $1',
    [caseId],
  );
  const [study] = await q<{ id: string }>('INSERT INTO studies (case_id) VALUES ($1) RETURNING id', [caseId]);
  const studyId = study?.id ?? '';
  await q(
    `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, attributes)
     VALUES ($1, 2, 'DICOM volume', 'v.cmvol', 'application/octet-stream', 'none', 1, $2::jsonb)`,
    [studyId, JSON.stringify({ studyInstanceUid: STUDY_UID })],
  );
  const [analysis] = await q<{ id: string }>(
    "INSERT INTO analyses (study_id, type, name, order_id) VALUES ($1, 1, 'Anatomical', $2) RETURNING id",
    [studyId, orderIds[0]],
  );
  const analysisId = analysis?.id ?? '';
  const analyst = await userId(t, 'case-analyst@cardiomap.test');
  const insertLandmark = async (
    name: string,
    type: string | null,
    geometry: number,
    measurements: object,
    published: boolean,
  ) => {
    const [row] = await q<{ id: string }>(
      `INSERT INTO landmarks (analysis_id, landmark_type_id, name, geometry_type, view_type, points, measurements,
                              is_published, created_by_id)
       VALUES ($1, $2, $3, $4, $5, '[[0,0,0],[1,0,0],[1,1,0]]'::jsonb, $6::jsonb, $7, $8) RETURNING id`,
      [analysisId, type, name, geometry, ViewType.AXIAL, JSON.stringify(measurements), published, analyst],
    );
    return row?.id ?? '';
  };
  const landmarkIds: string[] = [];
  for (const l of LANDMARKS) landmarkIds.push(await insertLandmark(l.name, l.type, l.geometry, l.measurements, true));
  const unpublishedId = await insertLandmark('Draft STJ', null, GeometryType.DISTANCE, { distance: 99.99 }, false);
  await q("UPDATE cases SET analyst_comment = 'Moderate calcification of the left coronary cusp.' WHERE id = $1", [
    caseId,
  ]);
  return {
    caseId,
    caseIdentifier: theCase?.caseIdentifier ?? '',
    orderId: orderIds[0] ?? '',
    studyId,
    analysisId,
    landmarkIds,
    unpublishedId,
  };
}

/** The PDF's text as poppler's pdftotext reads it (Debian poppler-utils). */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (path) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }));
}

/** The text of each page, first page first. */
export function pdfPageTexts(pdf: Buffer): string[] {
  const pages = pdfPages(pdf);
  return withFile(pdf, (path) =>
    Array.from({ length: pages }, (_, i) =>
      execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), path, '-'], {
        encoding: 'utf8',
      }),
    ),
  );
}

export function pdfPages(pdf: Buffer): number {
  const info = withFile(pdf, (path) => execFileSync('pdfinfo', [path], { encoding: 'utf8' }));
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/** The URI of every link annotation: pdfkit writes them as plain dictionaries, outside compressed streams. */
export function pdfLinks(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((match) => match[1] ?? '');
}

/** Share of page 1's pixels that are not white, rendered in grey by pdftoppm at 40 dpi. */
export function inkOnFirstPage(pdf: Buffer): number {
  return withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', '-singlefile', path, join(dir, 'page')]);
    const pgm = readFileSync(join(dir, 'page.pgm'));
    // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 40));
    if (!header) throw new Error('pdftoppm did not write a PGM');
    const pixels = pgm.subarray(header[0].length);
    let ink = 0;
    for (const value of pixels) if (value < 200) ink += 1;
    return ink / pixels.length;
  });
}

function withFile<T>(pdf: Buffer, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'cm-pdf-'));
  try {
    const path = join(dir, 'report.pdf');
    writeFileSync(path, pdf);
    return use(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
