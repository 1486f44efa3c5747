import { type CaseStatus, LEGACY_CONFIG_NOT_JSON } from '@cardiomap/contract';
import { isFinished } from './case-status.ts';
import { PERMISSIONS as P } from './permissions.ts';
import { type ActionState, processingRefusal, type StaffCaseFacts } from './staff-actions.ts';

export const LEGACY_CONFIG_NOT_AN_OBJECT =
  'The configuration file must hold one JSON object (a viewer config with scenes and visualisations).';
export const LEGACY_CONFIG_OTHER_CASE = 'This is not the identifier of the case of this study.';
export const LEGACY_CONFIG_FILE_OF_OTHER_CASE = 'The configuration file names another case:';
export const LEGACY_CONFIG_FINISHED = 'Legacy results can only be stored while the case is not finished.';
export const NO_LEGACY_CONFIG = 'You do not have permission to store legacy simulation results.';

export type LegacyConfigCheck =
  | { ok: true; document: Record<string, unknown> }
  | { ok: false; field: 'configFile' | 'caseIdentifier'; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Spec §7 legacy-config: the file is the viewer config the legacy simulation pipeline wrote (spec §3
 * Viewer config), so it must parse as one JSON object; the form's caseIdentifier must be the study's case,
 * and a file that names a case in its metadata (metadata.caseIdentifier) must name the same one, so the
 * results of one patient cannot be stored on another's study by a wrong pick of file.
 */
export function checkLegacyConfig(
  text: string,
  formCaseIdentifier: string,
  studyCaseIdentifier: string,
): LegacyConfigCheck {
  if (formCaseIdentifier.trim() !== studyCaseIdentifier) {
    return { ok: false, field: 'caseIdentifier', message: LEGACY_CONFIG_OTHER_CASE };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, field: 'configFile', message: LEGACY_CONFIG_NOT_JSON };
  }
  if (!isRecord(document)) return { ok: false, field: 'configFile', message: LEGACY_CONFIG_NOT_AN_OBJECT };
  const named = isRecord(document.metadata) ? document.metadata.caseIdentifier : undefined;
  if (named !== undefined && named !== null && String(named).trim() !== studyCaseIdentifier) {
    return {
      ok: false,
      field: 'configFile',
      message: `${LEGACY_CONFIG_FILE_OF_OTHER_CASE} ${String(named).slice(0, 100)}.`,
    };
  }
  return { ok: true, document };
}

/**
 * Who may store legacy simulation results on a case's study (spec §6 has no permission of its own for
 * it: it adds a study resource, so simulations.add_studyresource), staff only: the processing permission
 * matching the case (research or not), never through a share, and only while the case is not finished
 * (a finished case's results were handed over; a new file would change them unseen).
 */
export function legacyConfigRefusal(
  permissions: ReadonlySet<string>,
  facts: Pick<StaffCaseFacts, 'isResearch' | 'isSharedToActor'> & { status: CaseStatus },
): { forbidden: true; reason: string } | { forbidden: false; reason: string } | null {
  if (!permissions.has(P.addStudyResource) || facts.isSharedToActor)
    return { forbidden: true, reason: NO_LEGACY_CONFIG };
  const refusal = processingRefusal(permissions, facts);
  if (refusal) return { forbidden: true, reason: refusal };
  if (isFinished(facts.status)) return { forbidden: false, reason: LEGACY_CONFIG_FINISHED };
  return null;
}

/** The case detail's "Legacy simulation results" action: hidden without the permission, else by the rule above. */
export function legacyConfigAction(permissions: ReadonlySet<string>, facts: StaffCaseFacts): ActionState {
  if (!facts.hasStudy || !permissions.has(P.addStudyResource) || facts.isSharedToActor) return { show: false };
  const refusal = legacyConfigRefusal(permissions, facts);
  return refusal ? { show: true, allowed: false, reason: refusal.reason } : { show: true, allowed: true };
}
