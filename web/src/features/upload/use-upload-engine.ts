import { useEffect, useState, useSyncExternalStore } from 'react';
import { confirmUpload } from './api/confirm-upload.ts';
import { createInputData } from './api/create-input-data.ts';
import { UploadEngine, type UploadEngineDeps, type UploadSnapshot } from './engine/upload-engine.ts';

const defaultDeps: UploadEngineDeps = { api: { createInputData, confirmUpload } };

/**
 * One engine per upload box, kept across renders. Unmounting (the user confirmed leaving the page)
 * cancels a running upload; idle, the cleanup does nothing, so StrictMode's double effects are harmless.
 */
export function useUploadEngine(deps: UploadEngineDeps = defaultDeps): [UploadEngine, UploadSnapshot] {
  const [engine] = useState(() => new UploadEngine(deps));
  useEffect(() => () => engine.cancel(), [engine]);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
  return [engine, snapshot];
}
