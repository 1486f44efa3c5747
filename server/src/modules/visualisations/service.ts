import type {
  configListQuerySchema,
  createConfigSchema,
  createVisualisationSchema,
  patchConfigSchema,
  patchVisualisationSchema,
} from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import type { SceneAccess } from './access.ts';
import { presentConfig, presentVisualisation } from './presenter.ts';
import * as repo from './repository.ts';

export const CONFIG_NOT_FOUND = 'No config matches the given id.';
export const VISUALISATION_NOT_FOUND = 'No visualisation matches the given id.';
export const CONFIG_EXISTS = 'This study has a viewer config already.';
export const ANALYSIS_OF_OTHER_STUDY = 'No analysis of this study matches the given id.';
export const NO_SCENE_ADD = 'You do not have permission to add to the 3D scene of this study.';
export const NO_SCENE_CHANGE = 'You do not have permission to change the 3D scene of this study.';
export const NO_SCENE_DELETE = 'You do not have permission to remove from the 3D scene of this study.';

/** How a comment is signed: the name colleagues know, else the e-mail. */
const authorOf = (actor: Actor) =>
  [actor.profile.title, actor.profile.givenName, actor.profile.familyName].filter(Boolean).join(' ').trim() ||
  actor.email;

/**
 * Viewer configs and visualisations (spec §3 Config, Visualisation). They arrange analysis resources in
 * the 3D scene, so changing them takes the analysis-resource permissions (add, change, delete), which the
 * analysts who build the scene hold; simulations.change_study stays for the study's own options.
 */
export function createScenesService(database: Database, access: SceneAccess) {
  const query = queryOn(database.db);
  const visibleConfig = async (actor: Actor, id: string) => {
    const row = await repo.findConfig(query, id);
    if (!row) throw notFound(CONFIG_NOT_FOUND);
    return { row, theCase: await access.caseOfRow(actor, row, CONFIG_NOT_FOUND) };
  };
  const visibleVisualisation = async (actor: Actor, id: string) => {
    const row = await repo.findVisualisation(query, id);
    if (!row) throw notFound(VISUALISATION_NOT_FOUND);
    return { row, theCase: await access.caseOfRow(actor, row, VISUALISATION_NOT_FOUND) };
  };

  return {
    async listConfigs(actor: Actor, filter: z.output<typeof configListQuerySchema>, page: PageRequest) {
      if (filter.study_id) await access.readableStudy(actor, filter.study_id);
      const { count, rows } = await repo.listConfigs(
        query,
        access.scope(actor),
        filter.study_id ?? null,
        pageWindow(page),
      );
      return { count, results: rows.map(presentConfig) };
    },
    getConfig: async (actor: Actor, id: string) => presentConfig((await visibleConfig(actor, id)).row),
    async createConfig(actor: Actor, body: z.output<typeof createConfigSchema>) {
      const theCase = await access.studyInBody(actor, body.studyId);
      access.requireWrite(actor, theCase, P.addAnalysisResource, NO_SCENE_ADD);
      const id = await repo.insertConfig(query, body.studyId, body.options);
      if (!id) throw fieldError('studyId', CONFIG_EXISTS);
      return presentConfig((await repo.findConfig(query, id)) as repo.ConfigRow);
    },
    async patchConfig(actor: Actor, id: string, body: z.output<typeof patchConfigSchema>) {
      const { theCase } = await visibleConfig(actor, id);
      access.requireWrite(actor, theCase, P.changeAnalysisResource, NO_SCENE_CHANGE);
      await repo.updateConfig(query, id, {
        options: body.options,
        comment:
          body.comment === undefined
            ? undefined
            : { author: authorOf(actor), text: body.comment, date: new Date().toISOString() },
      });
      return presentConfig((await repo.findConfig(query, id)) as repo.ConfigRow);
    },
    async deleteConfig(actor: Actor, id: string) {
      const { theCase } = await visibleConfig(actor, id);
      access.requireWrite(actor, theCase, P.deleteAnalysisResource, NO_SCENE_DELETE);
      await repo.deleteConfig(query, id);
    },

    async listVisualisations(actor: Actor, studyId: string, page: PageRequest) {
      await access.readableStudy(actor, studyId);
      const { count, rows } = await repo.listVisualisations(
        query,
        { studyId, withPreliminary: access.seesPreliminary(actor) },
        pageWindow(page),
      );
      return { count, results: rows.map(presentVisualisation) };
    },
    getVisualisation: async (actor: Actor, id: string) =>
      presentVisualisation((await visibleVisualisation(actor, id)).row),
    async createVisualisation(actor: Actor, body: z.output<typeof createVisualisationSchema>) {
      const theCase = await access.studyInBody(actor, body.studyId);
      access.requireWrite(actor, theCase, P.addAnalysisResource, NO_SCENE_ADD);
      const analysisId = body.analysisId ?? null;
      if (analysisId && (await repo.studyOfAnalysis(query, analysisId)) !== body.studyId) {
        throw fieldError('analysisId', ANALYSIS_OF_OTHER_STUDY);
      }
      const id = await repo.insertVisualisation(query, { ...body, analysisId });
      return presentVisualisation((await repo.findVisualisation(query, id)) as repo.VisualisationRow);
    },
    async patchVisualisation(actor: Actor, id: string, body: z.output<typeof patchVisualisationSchema>) {
      const { theCase } = await visibleVisualisation(actor, id);
      access.requireWrite(actor, theCase, P.changeAnalysisResource, NO_SCENE_CHANGE);
      await repo.updateVisualisation(query, id, body);
      return presentVisualisation((await repo.findVisualisation(query, id)) as repo.VisualisationRow);
    },
    async deleteVisualisation(actor: Actor, id: string) {
      const { theCase } = await visibleVisualisation(actor, id);
      access.requireWrite(actor, theCase, P.deleteAnalysisResource, NO_SCENE_DELETE);
      await repo.deleteVisualisation(query, id);
    },
  };
}

export type ScenesService = ReturnType<typeof createScenesService>;
