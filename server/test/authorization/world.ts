import { randomUUID } from 'node:crypto';
import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { devicesOf, insertCase, orgId, userId } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { insertJob, insertLostUpload, insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertLandmark } from '../viewer/analysis-fixtures.ts';
import { insertAnalysis, insertMesh } from '../viewer/viewer-fixtures.ts';

/**
 * The principals of the authorization table (issue 22): who asks, and how they relate to the case of the
 * world. `noPermission` has a valid sign-in and neither a role nor an organisation.
 */
export const PRINCIPALS = {
  anonymous: null,
  own: 'physician@cardiomap.test',
  otherOrganisation: 'other-physician@cardiomap.test',
  shared: 'lakeside-physician@cardiomap.test',
  noPermission: 'pending@cardiomap.test',
  admin: 'superuser@cardiomap.test',
  /** Issue 27: a member of the case's organisation (HVC) without cases.view_case_details (licence templates only). */
  memberWithoutView: 'template-manager@cardiomap.test',
} as const;
export type Principal = keyof typeof PRINCIPALS;

/** One case of the own organisation (HVC) with one of each object hanging off it, shared with `shared`. */
export interface World {
  caseId: string;
  orderId: string;
  inputDataId: string;
  studyId: string;
  studyResourceId: string;
  jobId: string;
  analysisId: string;
  analysisResourceId: string;
  /** A scene object of the study, so a visualisation object can be created in it. */
  visualisationId: string;
  landmarkId: string;
  ownUserId: string;
  sharedUserId: string;
  ownOrganisationId: string;
  /** The device the case's order asks for (the first TAVI device): a body naming it changes nothing. */
  deviceId: string;
  /** A rejection reason of the catalogue, for a valid reject body. */
  rejectionReasonId: string;
  /** An id no row has: for objects the world does not make (their routes then answer 404 to all). */
  missing: string;
}

export async function makeWorld(t: TestApp): Promise<World> {
  const c = await insertCase(t, {
    status: CaseStatus.COMPLETED,
    orders: [{ service: 0, status: OrderStatus.DELIVERED }],
  });
  const { studyId, resourceId } = await insertStudyWithVolume(t, c.id);
  // Delivered with the case's order: what a physician of the case may see.
  const analysisId = await insertAnalysis(t, studyId, { orderId: c.orderIds[0] });
  const sharedUserId = await userId(t, PRINCIPALS.shared);
  const ownUserId = await userId(t, PRINCIPALS.own);
  await t.database.query(`INSERT INTO shared_cases (case_id, user_id, email, shared_by_id) VALUES ($1, $2, $3, $4)`, [
    c.id,
    sharedUserId,
    PRINCIPALS.shared,
    ownUserId,
  ]);
  return {
    caseId: c.id,
    orderId: c.orderIds[0] ?? '',
    inputDataId: await insertLostUpload(t, c.id),
    studyId,
    studyResourceId: resourceId,
    jobId: await insertJob(t, c.id),
    analysisId,
    analysisResourceId: await insertMesh(t, analysisId),
    visualisationId:
      (
        await t.database.query<{ id: string }>(
          `INSERT INTO visualisations (study_id, analysis_id, name) VALUES ($1, $2, 'Root') RETURNING id`,
          [studyId, analysisId],
        )
      )[0]?.id ?? '',
    landmarkId: await insertLandmark(t, analysisId, { createdBy: PRINCIPALS.own, published: true }),
    ownUserId,
    sharedUserId,
    ownOrganisationId: await orgId(t, 'HVC'),
    deviceId: (await devicesOf(t, 'TAVI'))[0]?.id ?? '',
    rejectionReasonId:
      (await t.database.query<{ id: string }>('SELECT id FROM rejection_reasons ORDER BY id LIMIT 1'))[0]?.id ?? '',
    missing: randomUUID(),
  };
}

export async function signInAll(t: TestApp): Promise<Record<Principal, string | null>> {
  const tokens = {} as Record<Principal, string | null>;
  for (const [name, email] of Object.entries(PRINCIPALS) as [Principal, string | null][]) {
    tokens[name] = email ? (await signIn(t, email)).access : null;
  }
  return tokens;
}
