import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UploadEngine, UploadSnapshot } from './engine/upload-engine.ts';

export interface CaseUpload {
  engine: UploadEngine;
  /** Sends the file for the case; toasts and reloads follow from the outcome. */
  start: (file: File) => void;
}

export const CaseUploadContext = createContext<CaseUpload | null>(null);

/** The case page's upload, which outlives a switch between the Details and Jobs tabs. */
export function useCaseUpload(): CaseUpload & { snapshot: UploadSnapshot } {
  const upload = useContext(CaseUploadContext);
  if (!upload) throw new Error('useCaseUpload must be used inside CaseUploadProvider');
  const snapshot = useSyncExternalStore(upload.engine.subscribe, upload.engine.getSnapshot, upload.engine.getSnapshot);
  return { ...upload, snapshot };
}
