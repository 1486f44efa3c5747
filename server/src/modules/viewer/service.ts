import type { ViewerLoad } from '@cardiomap/contract';
import {
  canAddComment,
  canCreateLandmark,
  canPublishLandmark,
  canSeeContour,
  canSetInterpolation,
  hasDeliveredOrder,
  hasObsoletedOrder,
  PERMISSIONS as P,
  seesPatientDetails,
} from '@cardiomap/domain';
import { findVisibleCase, sharedOnly, type VisibleCase } from '../../access/case-access.ts';
import { readAccessOf } from '../../access/read-access.ts';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { ObjectStorage, ReadAccess } from '../../storage/object-storage.ts';
import { findStudy, findStudyOfCase, presentStudy, STUDY_NOT_FOUND, type StudyRow } from '../studies/index.ts';
import {
  presentVisualisation,
  presentVisualisationObject,
  sceneOfStudy,
  type VisualisationObjectRow,
} from '../visualisations/index.ts';
import { assertViewerAccess } from './access.ts';
import type { AnalysisParts } from './analysis-parts.ts';
import { analysisResults, assembleConfig, viewerWarnings, withoutStaffOnly } from './assemble.ts';
import { presentVolumes, VIEWER_READ_URL_SECONDS } from './dicom.ts';
import { loadLegacyResults } from './legacy-results.ts';
import { findCaseHeader, findVolumes } from './repository.ts';

export const CASE_HAS_NO_STUDY = 'This case has no images to view yet.';

/** GET study-viewer/{id}/: everything the viewer draws, in one answer (spec §3 Viewer load response). */
export function createViewerService(database: Database, storage: ObjectStorage, parts: AnalysisParts) {
  const { db } = database;
  const query = queryOn(db);

  /** A scene object with a read URL of its mesh, once the mesh has arrived. */
  const resolveObject = async (row: VisualisationObjectRow, access: ReadAccess) => ({
    ...presentVisualisationObject(row),
    analysisId: row.resourceAnalysisId,
    isPreliminary: row.isPreliminary,
    filename: row.resourceFilename,
    readUrl:
      row.resourceKey && row.resourceUploaded
        ? await storage.signedGetUrl(row.resourceKey, {
            expiresInSeconds: VIEWER_READ_URL_SECONDS,
            contentType: row.resourceMimeType ?? undefined,
            access,
          })
        : null,
  });

  /** The caller's viewer rights (spec §6 rules of packages/domain); a colleague the case is shared with only looks. */
  const permissionsOf = (actor: Actor, theCase: VisibleCase, hasConfig: boolean): ViewerLoad['permissions'] => {
    const member = !sharedOnly(actor, theCase.organisationId);
    const facts = {
      status: theCase.status,
      isResearch: theCase.isResearch,
      hasDeliveredOrder: hasDeliveredOrder(theCase),
    };
    return {
      canCreateLandmarks: member && canCreateLandmark(actor, facts),
      canPublishLandmarks: member && canPublishLandmark(actor, facts),
      canSetInterpolation: member && canSetInterpolation(actor, facts),
      canSeeContour: canSeeContour(actor),
      canChangeVisualisationObjects: member && actor.permissions.has(P.changeVisualisationObject),
      canAddAnalysisResources: member && actor.permissions.has(P.addAnalysisResource),
      canAddComments: canAddComment(actor.permissions, { isMember: member, hasConfig }),
    };
  };

  /** The load of a study whose case the caller sees and passed the viewer guards. */
  async function loadStudy(actor: Actor, study: StudyRow, theCase: VisibleCase): Promise<ViewerLoad> {
    const studyId = study.id;
    const access = readAccessOf(actor, theCase.id);
    const [volumes, header, sceneRows, analyses, landmarks, landmarkTypes, legacyResults] = await Promise.all([
      findVolumes(query, studyId),
      findCaseHeader(query, theCase.id),
      sceneOfStudy(query, studyId),
      parts.analyses(db, actor, theCase, studyId),
      parts.landmarks(db, actor, theCase, studyId),
      parts.landmarkTypes(db),
      loadLegacyResults({ query, storage }, actor, theCase, studyId, access),
    ]);
    const { config: stored, visualisations: visualisationRows, objects: objectRows } = sceneRows;
    const scene = withoutStaffOnly(
      { visualisations: visualisationRows, objects: objectRows },
      actor.permissions.has(P.viewUndeliveredAnalyses),
    );
    const seesIdentity = seesPatientDetails(actor.permissions, theCase) && !actor.profile.hidePatientIdentifier;
    return {
      ...(await presentVolumes(storage, volumes.phases, access)),
      config: assembleConfig({
        visualisations: scene.visualisations.map((row) => ({
          ...presentVisualisation(row),
          analysisType: row.analysisType,
          isPreliminary: row.isPreliminary,
        })),
        objects: await Promise.all(scene.objects.map((row) => resolveObject(row, access))),
        landmarks,
        landmarkTypes,
        stored: stored ? { options: stored.options, comments: stored.comments } : null,
        metadata: {
          patientIdentifier: seesIdentity ? theCase.patientIdentifier : null,
          caseIdentifier: theCase.caseIdentifier,
        },
      }),
      study: presentStudy(study),
      case: {
        id: theCase.id,
        status: theCase.status,
        caseIdentifier: theCase.caseIdentifier,
        isResearch: theCase.isResearch,
      },
      title: theCase.caseIdentifier,
      subtitle: [header.interventionName, header.deviceNames.join(', ')].filter(Boolean).join(' · '),
      analyses,
      analysisResults: analysisResults(analyses, { hasDeliveredOrder: hasDeliveredOrder(theCase) }),
      landmarks,
      landmarkTypes,
      warnings: viewerWarnings(header.orders, volumes.imageWarnings),
      isClinical: header.orders.every((o) => o.isClinical),
      // Obsoleted and no newer delivery yet: what the viewer shows is the superseded results.
      isObsolete: hasObsoletedOrder(theCase) && !hasDeliveredOrder(theCase),
      permissions: permissionsOf(actor, theCase, Boolean(stored)),
      legacyResults,
    };
  }

  return {
    async load(actor: Actor, studyId: string): Promise<ViewerLoad> {
      const study = await findStudy(query, studyId);
      if (!study) throw notFound(STUDY_NOT_FOUND);
      const theCase = await findVisibleCase(db, actor, study.caseId).catch(() => {
        throw notFound(STUDY_NOT_FOUND);
      });
      assertViewerAccess(actor, theCase);
      return loadStudy(actor, study, theCase);
    },

    /**
     * GET case-viewer/{caseId}/: the same load by case id (a case has one study), for links that know
     * only the case. A case the caller does not see is 404 like a missing one; the viewer guards come
     * before the study, so a canceled case says so even before its images arrived.
     */
    async loadByCase(actor: Actor, caseId: string): Promise<ViewerLoad> {
      const theCase = await findVisibleCase(db, actor, caseId);
      assertViewerAccess(actor, theCase);
      const study = await findStudyOfCase(query, caseId);
      if (!study) throw notFound(CASE_HAS_NO_STUDY);
      return loadStudy(actor, study, theCase);
    },
  };
}

export type ViewerService = ReturnType<typeof createViewerService>;
