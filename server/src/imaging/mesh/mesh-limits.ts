/** A mesh upload's limits: far above any anatomical model, low enough that a hostile file cannot exhaust memory. */
export const MESH_LIMITS = Object.freeze({
  /** Issue 17: meshes up to 200 MB. */
  maxBytes: 200 * 1024 * 1024,
  /** A 200 MB binary STL holds about 4.2 million triangles. */
  maxTriangles: 5_000_000,
  maxVertices: 15_000_000,
  /** A polygon of an OBJ, PLY or VTP face is fanned into triangles; real files have 3 or 4 corners. */
  maxPolygonCorners: 1024,
  /** The header of a PLY file, the JSON of a glTF. */
  maxHeaderBytes: 64 * 1024,
  maxJsonBytes: 16 * 1024 * 1024,
  /** Nested glTF nodes. */
  maxNodeDepth: 64,
});

/** A file that is not a mesh CardioMap accepts; the message is shown to the analyst as is. */
export class MeshError extends Error {
  override name = 'MeshError';
}

export const meshError = (message: string): MeshError => new MeshError(message);
