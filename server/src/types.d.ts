import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Actor } from './lib/actor.ts';
import type { Mailer } from './plugins/mail.ts';
import type { ObjectStorage } from './storage/object-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    /** Object storage (local folder or S3), see storage/object-storage.ts. */
    storage: ObjectStorage;
    queue: JobQueue;
    /**
     * After a commit: asks the workers to send these mail_outbox rows (ids from `enqueueMail`, null ones
     * skipped). Never throws; see server/src/mail/outbox.ts.
     */
    dispatchMail(ids: readonly (string | null)[]): Promise<void>;
    /**
     * An upload was announced: where this process runs the workers, its ingest threads get ready for it
     * (jobs/ingest/expect-ingest.ts); elsewhere nothing.
     */
    expectIngest(): void;
    /** Verifies the bearer access token and sets request.actor, else answers 401 token_not_valid. */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
