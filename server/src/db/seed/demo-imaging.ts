import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InputDataStatus } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { phantomSeries } from '../../imaging/testing/phantom.ts';
import { insertJob } from '../../modules/jobs/index.ts';
import { queryOn } from '../query.ts';
import { DEMO_PHANTOM, seedDemoResults } from './demo-results.ts';
import { placeDemoWorkWhenJobsEnd } from './demo-timeline.ts';

/** The demo cases under way or done get images, so their study and jobs can be shown. */
const DEMO_PATIENTS_WITH_IMAGES = ['DEMO-PAT-0002', 'DEMO-PAT-0003'];

/**
 * Gives the demo cases that are in progress or completed a self-made CT phantom (no patient data) as
 * their upload, and queues its ingest: the real pipeline then makes their study, volume and job report.
 * Runs at every demo start and does nothing for a case that has an upload already. The delivered one
 * also gets a measured result (demo-results.ts), and its jobs are dated before its delivery once they end
 * (demo-timeline.ts).
 */
export async function seedDemoImaging(app: FastifyInstance): Promise<void> {
  await uploadPhantoms(app);
  await seedDemoResults(app.database.db, app.storage);
  const stop = placeDemoWorkWhenJobsEnd(app.database.db);
  app.addHook('onClose', async () => stop());
}

async function uploadPhantoms(app: FastifyInstance): Promise<void> {
  const query = queryOn(app.database.db);
  const cases = await query<{ id: string; createdById: string }>(
    sql`SELECT c.id, c.created_by_id AS "createdById" FROM cases c
      WHERE c.patient_identifier = ANY(${sql.param(DEMO_PATIENTS_WITH_IMAGES)}::text[])
        AND NOT EXISTS (SELECT 1 FROM input_data d WHERE d.case_id = c.id)`,
  );
  if (cases.length === 0) return;
  const folder = await mkdtemp(join(tmpdir(), 'cm-demo-'));
  try {
    const zipPath = join(folder, 'phantom.zip');
    const zip = new yazl.ZipFile();
    for (const file of phantomSeries({ ...DEMO_PHANTOM, pixelSpacing: [...DEMO_PHANTOM.pixelSpacing] })) {
      zip.addBuffer(Buffer.from(file.bytes), `phantom/${file.name}`);
    }
    zip.end();
    await pipeline(zip.outputStream as unknown as Readable, createWriteStream(zipPath));
    for (const c of cases) {
      const [row] = await query<{ id: string; storageKey: string }>(
        sql`INSERT INTO input_data (case_id, name, filename, mime_type, source_version, source_client, storage_key,
                                 upload_successful, status, created_by_id, date_confirmed)
         VALUES (${c.id}, 'Patient Images', 'demo-phantom.zip', 'application/zip', 'demo', 'demo-seed', '', true,
           ${InputDataStatus.UPLOADED}, ${c.createdById}, now())
         RETURNING id, 'input-data/' || id || '/upload.zip' AS "storageKey"`,
      );
      if (!row) continue;
      await app.storage.writeFile(row.storageKey, zipPath, 'application/zip');
      await query(
        sql`UPDATE input_data SET storage_key = ${row.storageKey}, size = ${(await stat(zipPath)).size}
          WHERE id = ${row.id}`,
      );
      const job = await insertJob(query, {
        caseId: c.id,
        inputDataId: row.id,
        jobType: 'ingest',
        params: {},
        createdById: null,
      });
      await app.queue.send(job.queueName, { jobId: job.id });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
