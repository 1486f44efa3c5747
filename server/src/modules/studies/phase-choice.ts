import type { Query } from '../../db/query.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { findPhaseOfStudy, listPhases } from './phase-repository.ts';
import { SINGLE_PHASE_LABEL } from './presenter.ts';

export const NOT_A_PHASE_OF_STUDY = 'Choose a phase of this study.';

/**
 * Issue 28: the cardiac phase a measurement or figure is made on. Named: it must be a phase (volume) of
 * this study, else 400 on `phaseId`; not named: the study's default phase; null while the study has no
 * volume yet.
 */
export async function choosePhase(
  query: Query,
  studyId: string,
  phaseId: string | undefined,
): Promise<{ id: string; label: string } | null> {
  if (phaseId !== undefined) {
    const phase = await findPhaseOfStudy(query, studyId, phaseId);
    if (!phase) throw fieldError('phaseId', NOT_A_PHASE_OF_STUDY);
    return { id: phase.id, label: phase.label ?? SINGLE_PHASE_LABEL };
  }
  const phases = await listPhases(query, studyId);
  const chosen = phases.find((p) => p.isDefault) ?? phases[0];
  return chosen ? { id: chosen.id, label: chosen.label ?? SINGLE_PHASE_LABEL } : null;
}
