import type { Db } from '../client.ts';
import { jobTypes, queues } from '../schema/index.ts';

/** The queues workers consume and the kinds of job they run (spec §3 Queue, Job type). */
export const QUEUES = [
  { name: 'imaging', description: 'Heavy image processing: ingest of uploaded DICOM, the preliminary 3D model.' },
  // Its own queue: a report takes a second or two and must not wait behind an ingest of several minutes.
  { name: 'reports', description: 'PDF reports of delivered analyses.' },
] as const;
export const JOB_TYPES = [
  {
    name: 'ingest',
    queue: 'imaging',
    description:
      'Reads the uploaded zip, sets aside unusable files, picks the series, de-identifies it and builds the volume.',
  },
  {
    name: 'surface',
    queue: 'imaging',
    description:
      'Builds the automatic anatomy after ingest: the left heart and aorta segmented, a mesh per structure and the label volume.',
  },
  {
    name: 'report',
    queue: 'reports',
    description:
      'Generates the PDF report of the delivered analysis, with and without patient details; earlier versions are kept.',
  },
] as const;
export type JobTypeName = (typeof JOB_TYPES)[number]['name'];

export async function seedJobCatalogue(db: Db): Promise<void> {
  for (const queue of QUEUES) {
    await db
      .insert(queues)
      .values(queue)
      .onConflictDoUpdate({ target: queues.name, set: { description: queue.description } });
  }
  const queueIds = new Map((await db.select().from(queues)).map((q) => [q.name, q.id]));
  for (const type of JOB_TYPES) {
    const values = { name: type.name, description: type.description, queueId: queueIds.get(type.queue) as string };
    await db
      .insert(jobTypes)
      .values(values)
      .onConflictDoUpdate({ target: jobTypes.name, set: { description: values.description, queueId: values.queueId } });
  }
}
