import { type FigureAttributes, figureAttributesSchema } from '@cardiomap/contract';
import type { DbOrTx } from '../../db/client.ts';
import { iso, queryOn } from '../../db/query.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { figuresOfStudy } from './resource-repository.ts';

export interface ReportFigure {
  id: string;
  analysisId: string;
  caption: string;
  /** The pane or 3D view it was captured from, and that view's camera (null for a figure made elsewhere). */
  view: FigureAttributes['view'] | null;
  camera: FigureAttributes['camera'] | null;
  /** Issue 28: the cardiac phase it shows, as recorded when it was registered; null for older figures. */
  phaseLabel: string | null;
  /** The PNG in storage: read it with `readFigurePng`. */
  storageKey: string;
  size: number | null;
  createdAt: string;
}

/**
 * The figures of a study for its PDF report, in the order they were captured. Server-side only: the
 * caller has already decided that its user may see the study's analyses (this applies no access rule).
 */
export async function listFiguresForReport(db: DbOrTx, studyId: string): Promise<ReportFigure[]> {
  const rows = await figuresOfStudy(queryOn(db), studyId);
  return rows.map((row) => {
    const attributes = figureAttributesSchema.safeParse(row.attributes);
    return {
      id: row.id,
      analysisId: row.analysisId,
      caption: attributes.success ? attributes.data.caption : row.name,
      view: attributes.success ? attributes.data.view : null,
      camera: attributes.success ? attributes.data.camera : null,
      phaseLabel: (attributes.success && attributes.data.phaseLabel) || null,
      storageKey: row.storageKey,
      size: row.size === null ? null : Number(row.size),
      createdAt: iso(row.dateCreated) ?? '',
    };
  });
}

/** A figure's PNG bytes (at most 20 MB: checked when it was accepted). */
export async function readFigurePng(storage: ObjectStorage, storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(storageKey)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
