import type { InputData } from '@cardiomap/contract';
import { type PutBlob, xhrPutBlob } from './put-blob.ts';
import { type Sleep, sleep } from './retry.ts';
import { transfer } from './transfer.ts';

/** What POST input-data/ answers that the engine needs: where to send the bytes. */
export interface CreatedUpload {
  id: string;
  writeUrl: string;
  parts: { partSize: number; urls: string[] } | null;
}

export interface UploadApi {
  createInputData(
    body: { caseId: string; filename: string; metadata: { mimeType: string }; size: number },
    signal: AbortSignal,
  ): Promise<CreatedUpload>;
  confirmUpload(id: string): Promise<InputData>;
}

export interface UploadEngineDeps {
  api: UploadApi;
  putBlob?: PutBlob;
  sleep?: Sleep;
}

/**
 * idle → uploading → processing (bytes stored, confirming) → confirmed; or failed / cancelled.
 * Spec §4 "Upload": progress 0–100 rounded; 100 opens the processing phase.
 */
export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'confirmed' | 'failed' | 'cancelled';

export interface UploadSnapshot {
  phase: UploadPhase;
  /** Cleared by a cancellation (spec §4); kept after a failure so the user can try again. */
  file: File | null;
  progress: number;
  inputDataId: string | null;
}

export type UploadOutcome =
  /** `transferFailed`: sending failed, yet the server found the object complete when asked. */
  | { kind: 'confirmed'; inputData: InputData; transferFailed: boolean }
  | { kind: 'failed'; error: unknown }
  | { kind: 'cancelled' };

const IDLE: UploadSnapshot = { phase: 'idle', file: null, progress: 0, inputDataId: null };

/** Percent of `total` in `loaded`, rounded; 100 is kept for "every byte stored". */
export const progressPercent = (loaded: number, total: number): number =>
  total <= 0 ? 0 : Math.min(99, Math.round((loaded / total) * 100));

/**
 * Uploads one file for a case outside React: POST input-data/, PUT the bytes (in retried parts when
 * large), GET confirm-upload/. React reads it with `subscribe` + `getSnapshot` (useSyncExternalStore),
 * so progress ticks re-render only the progress bar's readers.
 */
export class UploadEngine {
  private snapshot: UploadSnapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private cancelledByUser = false;
  private readonly putBlob: PutBlob;
  private readonly sleep: Sleep;

  constructor(private readonly deps: UploadEngineDeps) {
    this.putBlob = deps.putBlob ?? xhrPutBlob;
    this.sleep = deps.sleep ?? sleep;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  get isBusy(): boolean {
    return this.controller !== null;
  }

  /** Sends `file` for the case. Resolves (never rejects) once confirmed, failed or cancelled. */
  async start(file: File, caseId: string): Promise<UploadOutcome> {
    if (this.controller) throw new Error('An upload is already running.');
    const controller = new AbortController();
    this.controller = controller;
    this.cancelledByUser = false;
    this.set({ phase: 'uploading', file, progress: 0, inputDataId: null });
    try {
      return await this.run(file, caseId, controller);
    } finally {
      this.controller = null;
    }
  }

  /** Spec §8 'Upload cancelled by user': aborts every request; nothing is confirmed. */
  cancel(): void {
    if (!this.controller || this.snapshot.phase !== 'uploading') return;
    this.cancelledByUser = true;
    this.controller.abort();
  }

  /** Back to choosing a file (after a cancellation, or to drop the kept file). */
  reset(): void {
    if (!this.controller) this.set(IDLE);
  }

  private async run(file: File, caseId: string, controller: AbortController): Promise<UploadOutcome> {
    const contentType = file.type || 'application/zip';
    let id: string | null = null;
    try {
      const created = await this.deps.api.createInputData(
        { caseId, filename: file.name, metadata: { mimeType: contentType }, size: file.size },
        controller.signal,
      );
      id = created.id;
      this.set({ ...this.snapshot, inputDataId: id });
      const urls = created.parts?.urls ?? [created.writeUrl];
      const partSize = created.parts?.partSize ?? file.size;
      await transfer(
        { file, contentType, urls, partSize },
        { putBlob: this.putBlob, sleep: this.sleep },
        controller.signal,
        (loaded) => this.setProgress(progressPercent(loaded, file.size)),
      );
    } catch (error) {
      if (this.cancelledByUser) {
        this.set({ ...IDLE, phase: 'cancelled' });
        return { kind: 'cancelled' };
      }
      // Stop the parts still in flight: this upload is over either way.
      controller.abort();
      return this.confirmAfterFailure(id, error);
    }
    return this.confirm(id);
  }

  /** Every byte is stored: the 'Processing upload' phase lasts until the server confirms. */
  private async confirm(id: string): Promise<UploadOutcome> {
    this.set({ ...this.snapshot, phase: 'processing', progress: 100 });
    try {
      const inputData = await this.deps.api.confirmUpload(id);
      if (!inputData.uploadSuccessful) return this.fail(new Error('The server did not find the complete file.'));
      this.set({ ...this.snapshot, phase: 'confirmed' });
      return { kind: 'confirmed', inputData, transferFailed: false };
    } catch (error) {
      return this.fail(error);
    }
  }

  /**
   * Spec §7: a failure other than a cancellation still attempts confirmation — the bytes may all be
   * stored even though an answer was lost, and the server is the one to judge.
   */
  private async confirmAfterFailure(id: string | null, error: unknown): Promise<UploadOutcome> {
    if (id === null) return this.fail(error);
    try {
      const inputData = await this.deps.api.confirmUpload(id);
      if (inputData.uploadSuccessful) {
        this.set({ ...this.snapshot, phase: 'confirmed', progress: 100 });
        return { kind: 'confirmed', inputData, transferFailed: true };
      }
    } catch {
      // The transfer's own error is the one worth reporting.
    }
    return this.fail(error);
  }

  private fail(error: unknown): UploadOutcome {
    this.set({ ...this.snapshot, phase: 'failed', progress: 0 });
    return { kind: 'failed', error };
  }

  private setProgress(progress: number): void {
    if (progress !== this.snapshot.progress) this.set({ ...this.snapshot, progress });
  }

  private set(next: UploadSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
