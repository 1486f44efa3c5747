import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReadAccessCheck } from '../access/read-access.ts';
import { queryOn } from '../db/query.ts';
import { ActorCache, loadActor, SessionStateCache } from '../modules/accounts/index.ts';
import { uploadAcceptsWrites } from '../modules/uploads/index.ts';
import { LocalObjectStorage } from '../storage/local/local-object-storage.ts';

/**
 * What the local driver asks when a signed link is used (issue 22): whether a bound read link's sign-in
 * may still see its case, and whether an upload still accepts its file (not once confirmed). Its own
 * caches, never listening for change notices: the session cache then keeps nothing, so every read asks
 * the database and a revocation counts at once. S3 cannot ask: there, short read links and the upload's
 * hash checked before every ingest stand in.
 */
export default fp(
  async function objectAccessPlugin(app: FastifyInstance) {
    if (!(app.storage instanceof LocalObjectStorage)) return;
    const caches = { actors: new ActorCache(), sessions: new SessionStateCache() };
    app.storage.setReadAccessCheck(
      createReadAccessCheck(app.database, (userId, sessionId) => loadActor(app.database, caches, userId, sessionId)),
    );
    const query = queryOn(app.database.db);
    app.storage.addWriteCheck((key) => uploadAcceptsWrites(query, key));
  },
  { name: 'object-access', dependencies: ['storage'] },
);
