import type { TriangleMesh } from '../surface/mesh.ts';
import { MeshBuilder } from './mesh-builder.ts';
import { meshError } from './mesh-limits.ts';
import { forEachLine } from './text-lines.ts';

/**
 * Wavefront OBJ: `v x y z` vertices and `f` faces (1-based, negative counts back from the last vertex,
 * `v/vt/vn` forms); every object and group goes into one mesh, materials and textures are ignored.
 */
export function parseObj(data: Uint8Array): TriangleMesh {
  const builder = new MeshBuilder();
  forEachLine(data, (line, number) => {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'v') {
      if (words.length < 4) throw meshError(`Line ${number}: a vertex needs three coordinates.`);
      builder.addVertex(Number(words[1]), Number(words[2]), Number(words[3]));
    } else if (words[0] === 'f') {
      const corners = words.slice(1).map((word) => {
        const n = Number(word.split('/', 1)[0]);
        if (!Number.isInteger(n) || n === 0) throw meshError(`Line ${number}: "${word}" is not a vertex number.`);
        return n > 0 ? n - 1 : builder.vertexCount + n;
      });
      builder.addPolygon(corners);
    }
  });
  return builder.finish();
}
