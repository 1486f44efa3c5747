import { GrowableArray, type TriangleMesh } from '../surface/mesh.ts';
import { MESH_LIMITS, meshError } from './mesh-limits.ts';

/**
 * Collects one mesh from a parser, checking as it goes: every coordinate finite, every index inside the
 * vertices, the counts under MESH_LIMITS. Parsers call it and never build arrays of their own, so no
 * format can skip a check.
 */
export class MeshBuilder {
  private readonly positions = new GrowableArray(Float32Array);
  private readonly indices = new GrowableArray(Uint32Array);

  get vertexCount(): number {
    return this.positions.length / 3;
  }

  get triangleCount(): number {
    return this.indices.length / 3;
  }

  /** Adds a vertex and answers its index. */
  addVertex(x: number, y: number, z: number): number {
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      throw meshError(`Vertex ${this.vertexCount + 1} has a coordinate that is not a finite number.`);
    }
    if (this.vertexCount >= MESH_LIMITS.maxVertices) {
      throw meshError(`The mesh has more than ${MESH_LIMITS.maxVertices.toLocaleString('en')} vertices.`);
    }
    this.positions.push(x);
    this.positions.push(y);
    this.positions.push(z);
    return this.vertexCount - 1;
  }

  addTriangle(a: number, b: number, c: number): void {
    const n = this.vertexCount;
    for (const i of [a, b, c]) {
      if (!Number.isInteger(i) || i < 0 || i >= n) {
        throw meshError(`Triangle ${this.triangleCount + 1} refers to vertex ${i}, outside the ${n} vertices.`);
      }
    }
    if (this.triangleCount >= MESH_LIMITS.maxTriangles) {
      throw meshError(`The mesh has more than ${MESH_LIMITS.maxTriangles.toLocaleString('en')} triangles.`);
    }
    this.indices.push(a);
    this.indices.push(b);
    this.indices.push(c);
  }

  /** A polygon of `corners` vertex indices, fanned into triangles. */
  addPolygon(corners: readonly number[]): void {
    if (corners.length < 3) throw meshError(`A face has ${corners.length} corners; at least 3 are needed.`);
    if (corners.length > MESH_LIMITS.maxPolygonCorners) {
      throw meshError(`A face has ${corners.length} corners, more than ${MESH_LIMITS.maxPolygonCorners}.`);
    }
    for (let k = 1; k + 1 < corners.length; k++) this.addTriangle(corners[0]!, corners[k]!, corners[k + 1]!);
  }

  /** The mesh; a file without a single triangle is refused. */
  finish(): TriangleMesh {
    if (this.triangleCount === 0) throw meshError('The file holds no triangles.');
    return { positions: this.positions.toArray(), indices: this.indices.toArray() };
  }
}

/** Refuses a declared count before anything is allocated for it. */
export function checkDeclaredCount(what: 'vertices' | 'triangles' | 'faces', count: number): void {
  const limit = what === 'vertices' ? MESH_LIMITS.maxVertices : MESH_LIMITS.maxTriangles;
  if (!Number.isSafeInteger(count) || count < 0) throw meshError(`The file declares an invalid number of ${what}.`);
  if (count > limit) {
    throw meshError(
      `The file declares ${count.toLocaleString('en')} ${what}, more than ${limit.toLocaleString('en')}.`,
    );
  }
}
