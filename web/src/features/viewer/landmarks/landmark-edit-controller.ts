import type { GeometryType, Landmark, Vec3, ViewType } from '@cardiomap/contract';
import { landmarkPointsProblem, OUTLINE_CROSSES_ITSELF } from '@cardiomap/domain';
import type { CreateLandmarkBody } from '../api/create-landmark.ts';
import type { PatchLandmarkBody } from '../api/patch-landmark.ts';
import { landmarkSaveErrorMessage } from './landmark-save-error.ts';

/** The plane a landmark was drawn on, as the MPR engine reports it (spec §3 Landmark plane fields). */
export interface LandmarkPlane {
  normal: Vec3 | null;
  centroid: Vec3 | null;
  resliceRotation: number[] | null;
  resliceCenter: Vec3 | null;
}

/** What a new landmark is: a predefined type (its geometry and pane come from the type) or custom. */
export interface NewLandmarkSpec {
  analysisId: string;
  landmarkTypeId: string | null;
  name: string;
  geometryType: GeometryType;
  viewType: ViewType;
}

export interface LandmarkDraft extends NewLandmarkSpec {
  /** Set when moving the points of an existing landmark, null for a new one. */
  landmarkId: string | null;
  points: Vec3[];
  plane: LandmarkPlane | null;
  /** Issue 28: the cardiac phase the points are on (the viewer's current phase); null: the default. */
  phaseId: string | null;
  /** The phase the landmark was saved on (null for a new one): a move to another phase patches it. */
  savedPhaseId: string | null;
}

export type EditPhase = 'idle' | 'placing' | 'saving';

export interface LandmarkEditState {
  editMode: boolean;
  phase: EditPhase;
  draft: LandmarkDraft | null;
  error: string | null;
  /** A landmark of another cardiac phase the user asked to move: the viewer asks before moving it. */
  phaseQuestion: Landmark | null;
}

/** The calls a save makes; the page passes its mutations so the cache and toasts stay in one place. */
export interface LandmarkEditApi {
  create(body: CreateLandmarkBody): Promise<Landmark>;
  patch(id: string, body: PatchLandmarkBody): Promise<Landmark>;
}

const INITIAL: LandmarkEditState = { editMode: false, phase: 'idle', draft: null, error: null, phaseQuestion: null };

/**
 * Landmark editing as a small state machine outside React (architecture §6): edit mode on or off;
 * in edit mode a draft is initialised, the MPR engine hands over its points (setPoints), then the
 * draft is saved through the API or cancelled. React reads it with subscribe + getSnapshot; the
 * engine reads the draft to know what it is placing.
 */
export class LandmarkEditController {
  private state: LandmarkEditState = INITIAL;
  private readonly listeners = new Set<() => void>();
  /** The viewer's current cardiac phase (issue 28); null for a study without phases. */
  private currentPhaseId: string | null = null;

  constructor(
    private readonly api: LandmarkEditApi,
    private readonly options: { canEdit: boolean },
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LandmarkEditState => this.state;

  /** Leaving edit mode drops an unsaved draft; a save in flight keeps its answer but ends the mode. */
  setEditMode(on: boolean): void {
    if (on && !this.options.canEdit) return;
    if (on === this.state.editMode) return;
    this.set(on ? { ...INITIAL, editMode: true } : INITIAL);
  }

  /** The phase the panes show: new landmarks are placed on it, moves to it are asked first. */
  setCurrentPhase(phaseId: string | null): void {
    this.currentPhaseId = phaseId;
  }

  initialise(spec: NewLandmarkSpec): void {
    if (!this.state.editMode || this.state.phase === 'saving') return;
    this.set({
      ...this.state,
      phase: 'placing',
      error: null,
      phaseQuestion: null,
      draft: { ...spec, landmarkId: null, points: [], plane: null, phaseId: this.currentPhaseId, savedPhaseId: null },
    });
  }

  /**
   * Starts moving an existing landmark's points, allowed only where the server says it may be edited.
   * A landmark placed on another cardiac phase than the one shown is not moved at once: the question
   * is put (state.phaseQuestion) and answerPhaseQuestion decides.
   */
  beginMove(landmark: Landmark): void {
    if (!this.state.editMode || this.state.phase === 'saving' || !landmark.canEdit) return;
    if (this.currentPhaseId && landmark.phaseId && landmark.phaseId !== this.currentPhaseId) {
      if (this.state.phaseQuestion?.id !== landmark.id) this.set({ ...this.state, phaseQuestion: landmark });
      return;
    }
    this.startMove(landmark);
  }

  /** Yes: the landmark is moved on the phase shown (its save patches the phase too); no: nothing changes. */
  answerPhaseQuestion(moveToCurrentPhase: boolean): void {
    const landmark = this.state.phaseQuestion;
    if (!landmark) return;
    this.set({ ...this.state, phaseQuestion: null });
    if (moveToCurrentPhase) this.startMove(landmark);
  }

  private startMove(landmark: Landmark): void {
    if (!this.state.editMode || this.state.phase === 'saving') return;
    this.set({
      ...this.state,
      phase: 'placing',
      error: null,
      phaseQuestion: null,
      draft: {
        analysisId: landmark.analysisId,
        landmarkTypeId: landmark.landmarkTypeId,
        name: landmark.name,
        geometryType: landmark.geometryType as GeometryType,
        viewType: landmark.viewType as ViewType,
        landmarkId: landmark.id,
        points: landmark.points,
        plane: {
          normal: landmark.normal,
          centroid: landmark.centroid,
          resliceRotation: landmark.resliceRotation,
          resliceCenter: landmark.resliceCenter,
        },
        phaseId: this.currentPhaseId ?? landmark.phaseId,
        savedPhaseId: landmark.phaseId,
      },
    });
  }

  /**
   * The engine reports the points placed so far (patient coordinates, mm) and the plane they lie on.
   * An outline that crosses itself is said at once, as the point that makes it cross is placed or
   * dragged: the server would refuse it, and the user is looking at the drawing now, not at save time.
   */
  setPoints(points: Vec3[], plane: LandmarkPlane | null = this.state.draft?.plane ?? null): void {
    const draft = this.state.draft;
    if (this.state.phase !== 'placing' || !draft) return;
    // Only the crossing: too few points is what every drawing is until it is finished.
    const crossing = landmarkPointsProblem(draft.geometryType, points) === OUTLINE_CROSSES_ITSELF;
    this.set({ ...this.state, error: crossing ? OUTLINE_CROSSES_ITSELF : null, draft: { ...draft, points, plane } });
  }

  cancel(): void {
    if (this.state.phase === 'saving') return;
    this.set({ ...this.state, phase: 'idle', draft: null, error: null });
  }

  /** Saves the draft; answers the server's landmark, or null when nothing was saved (error kept in state). */
  async save(): Promise<Landmark | null> {
    const draft = this.state.draft;
    if (this.state.phase !== 'placing' || !draft) return null;
    // The same rule the server applies, so a shape it would refuse is not sent; the server still checks.
    const problem = landmarkPointsProblem(draft.geometryType, draft.points);
    if (problem) {
      this.set({ ...this.state, error: problem });
      return null;
    }
    this.set({ ...this.state, phase: 'saving', error: null });
    try {
      const saved = draft.landmarkId
        ? await this.api.patch(draft.landmarkId, {
            points: draft.points,
            ...(draft.plane ?? {}),
            ...phaseChange(draft),
          })
        : await this.api.create(createBody(draft));
      this.set({ ...this.state, phase: 'idle', draft: null });
      return saved;
    } catch (error) {
      this.set({ ...this.state, phase: 'placing', error: landmarkSaveErrorMessage(error) });
      return null;
    }
  }

  private set(next: LandmarkEditState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function createBody(draft: LandmarkDraft): CreateLandmarkBody {
  return {
    analysisId: draft.analysisId,
    landmarkTypeId: draft.landmarkTypeId,
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    geometryType: draft.geometryType,
    viewType: draft.viewType,
    points: draft.points,
    ...(draft.plane ?? {}),
    ...(draft.phaseId ? { phaseId: draft.phaseId } : {}),
  };
}

/** A moved landmark's phase is patched only when the move was on another phase (confirmed first). */
function phaseChange(draft: LandmarkDraft): { phaseId?: string } {
  return draft.phaseId && draft.phaseId !== draft.savedPhaseId ? { phaseId: draft.phaseId } : {};
}
