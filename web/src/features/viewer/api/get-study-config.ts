import { type Config, routes } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { viewerKeys } from './viewer-keys.ts';

/**
 * GET configs/?study_id=: the study's config (one per study), or null before one exists. The viewer
 * load answer carries the comments but not the config's id, which adding a comment needs.
 */
export const getStudyConfig = async (studyId: string, signal?: AbortSignal): Promise<Config | null> =>
  (await call(routes.listConfigs, { query: { study_id: studyId }, signal })).results[0] ?? null;

export const studyConfigQueryOptions = (studyId: string) =>
  queryOptions({ queryKey: viewerKeys.comments(studyId), queryFn: ({ signal }) => getStudyConfig(studyId, signal) });

export const useStudyConfig = (studyId: string) => useQuery(studyConfigQueryOptions(studyId));
