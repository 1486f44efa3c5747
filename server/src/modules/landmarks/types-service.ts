import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import { presentLandmarkType } from './presenter.ts';
import { listLandmarkTypeRows } from './repository.ts';

/** Landmark types are reference data (seeded): every signed-in user may read them. */
export function createLandmarkTypesService(database: Database) {
  const query = queryOn(database.db);
  return {
    async list(interventionId: string | undefined, page: PageRequest) {
      const { count, rows } = await listLandmarkTypeRows(query, interventionId ?? null, pageWindow(page));
      return { count, results: rows.map(presentLandmarkType) };
    },
  };
}

export type LandmarkTypesService = ReturnType<typeof createLandmarkTypesService>;
