// Worker-thread entry of mesh validation (see convert-mesh-in-thread.ts): parsing a 200 MB mesh takes
// seconds of CPU that must not stall the API's requests, and a hostile file that exhausts the thread's
// memory ends the thread, not the server.
import { parentPort, workerData } from 'node:worker_threads';
import { convertMeshFile } from './convert-mesh.ts';
import type { MeshFileFormat } from './parse-mesh-file.ts';

export interface MeshThreadInput {
  inputPath: string;
  format: MeshFileFormat;
  outputPath: string;
  name: string;
}

const port = parentPort;
if (port) {
  const { inputPath, format, outputPath, name } = workerData as MeshThreadInput;
  convertMeshFile(inputPath, format, outputPath, name).then(
    (outcome) => port.postMessage(outcome),
    (error: unknown) => port.postMessage({ ok: false, failed: error instanceof Error ? error.message : String(error) }),
  );
}
