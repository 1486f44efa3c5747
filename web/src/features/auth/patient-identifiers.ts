import { useSyncExternalStore } from 'react';
import { useUser } from './user-context.ts';

/**
 * Which patient identifiers this sign-in session shows (spec §2: the sensitive-data button toggles
 * between requesting patient information and hiding all patient identifiers). One piece of state for
 * every place a case is shown (case list, cards, case detail, viewer), so hiding them on one screen
 * hides them on all:
 * - `hidden`: true once the user hid them; null follows the user's display setting;
 * - `revealed`: cases whose identifiers the user asked for since (an audited request each).
 * Kept in sessionStorage so a reload of the tab keeps them hidden; signing in or out forgets it.
 */
export interface PatientIdentifierState {
  hidden: boolean | null;
  revealed: readonly string[];
}

const KEY = 'cm_patient_identifiers';
const INITIAL: PatientIdentifierState = { hidden: null, revealed: [] };
const listeners = new Set<() => void>();
let current: PatientIdentifierState = load();

function load(): PatientIdentifierState {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PatientIdentifierState | null;
    if (stored && (typeof stored.hidden === 'boolean' || stored.hidden === null) && Array.isArray(stored.revealed)) {
      return { hidden: stored.hidden, revealed: stored.revealed.filter((id) => typeof id === 'string') };
    }
  } catch {
    // Unavailable (sandboxed frame) or unreadable: start from the setting.
  }
  return INITIAL;
}

function write(next: PatientIdentifierState): void {
  current = next;
  try {
    if (next === INITIAL) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // The value lives in memory for this page only.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => current;

export const patientIdentifiers = {
  /** Hides every patient identifier wherever the session shows a case, requested ones too. */
  hideAll: () => write({ hidden: true, revealed: [] }),
  /** The user asked for one case's identifiers: shown for it, and the rest back to the user's setting. */
  reveal: (caseId: string) =>
    write({
      hidden: null,
      revealed: current.revealed.includes(caseId) ? current.revealed : [...current.revealed, caseId],
    }),
  /** Forgets the session's choices: called when a session starts or ends. */
  reset: () => write(INITIAL),
  getSnapshot,
  subscribe,
};

export interface PatientIdentifierVisibility {
  /** True when identifiers loaded with a case are not to be shown: the session's choice, else the setting. */
  hidden: boolean;
  /** Whether the user asked for this case's identifiers in this session. */
  revealed: (caseId: string) => boolean;
}

export function usePatientIdentifiers(): PatientIdentifierVisibility {
  const user = useUser();
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return {
    hidden: state.hidden ?? user.settings.hidePatientIdentifier,
    revealed: (caseId) => state.revealed.includes(caseId),
  };
}
