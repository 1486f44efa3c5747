// biome-ignore-all lint/suspicious/noExplicitAny: the tests patch arbitrary glTF JSON, hostile on purpose

/** Small mesh files written in the tests, never read from disk: a tetrahedron in each format. */
export const TETRA_POINTS: [number, number, number][] = [
  [0, 0, 0],
  [10, 0, 0],
  [0, 10, 0],
  [0, 0, 10],
];
export const TETRA_FACES: [number, number, number][] = [
  [0, 2, 1],
  [0, 1, 3],
  [0, 3, 2],
  [1, 2, 3],
];

export function binaryStl(faces = TETRA_FACES, points = TETRA_POINTS, declared = faces.length): Uint8Array {
  const out = new Uint8Array(84 + 50 * faces.length);
  const view = new DataView(out.buffer);
  view.setUint32(80, declared, true);
  faces.forEach((face, t) => {
    face.forEach((p, k) => {
      points[p]!.forEach((value, axis) => {
        view.setFloat32(84 + 50 * t + 12 + 12 * k + 4 * axis, value, true);
      });
    });
  });
  return out;
}

export function asciiStl(faces = TETRA_FACES, points: (number | string)[][] = TETRA_POINTS): string {
  const facets = faces.map(
    (face) =>
      `facet normal 0 0 0\n  outer loop\n${face.map((p) => `    vertex ${points[p]!.join(' ')}\n`).join('')}  endloop\nendfacet\n`,
  );
  return `solid tetra\n${facets.join('')}endsolid tetra\n`;
}

export const objText = (faces = TETRA_FACES.map((f) => f.map((p) => p + 1))) =>
  `${TETRA_POINTS.map((p) => `v ${p.join(' ')}`).join('\n')}\n${faces.map((f) => `f ${f.join(' ')}`).join('\n')}\n`;

export const asciiPly = (faces = TETRA_FACES as number[][], vertexCount = TETRA_POINTS.length) =>
  `ply\nformat ascii 1.0\nelement vertex ${vertexCount}\nproperty float x\nproperty float y\nproperty float z\nelement face ${faces.length}\nproperty list uchar int vertex_indices\nend_header\n${TETRA_POINTS.map((p) => p.join(' ')).join('\n')}\n${faces.map((f) => `${f.length} ${f.join(' ')}`).join('\n')}\n`;

export function binaryPly(declaredVertices = TETRA_POINTS.length): Uint8Array {
  const header = `ply\nformat binary_little_endian 1.0\nelement vertex ${declaredVertices}\nproperty float x\nproperty float y\nproperty float z\nelement face ${TETRA_FACES.length}\nproperty list uchar uint vertex_indices\nend_header\n`;
  const head = new TextEncoder().encode(header);
  const body = new Uint8Array(TETRA_POINTS.length * 12 + TETRA_FACES.length * 13);
  const view = new DataView(body.buffer);
  let at = 0;
  for (const v of TETRA_POINTS.flat()) {
    view.setFloat32(at, v, true);
    at += 4;
  }
  for (const f of TETRA_FACES) {
    view.setUint8(at, 3);
    at += 1;
    for (const i of f) {
      view.setUint32(at, i, true);
      at += 4;
    }
  }
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/** A GLB of the tetrahedron; `patch` may change its JSON before it is written. */
export function glb(patch: (json: Record<string, any>) => void = () => {}, binPadding = 0): Uint8Array {
  const positions = new Float32Array(TETRA_POINTS.flat());
  const indices = new Uint16Array(TETRA_FACES.flat());
  const bin = new Uint8Array(48 + 24 + binPadding);
  bin.set(new Uint8Array(positions.buffer), 0);
  bin.set(new Uint8Array(indices.buffer), 48);
  const json: Record<string, any> = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 48 },
      { buffer: 0, byteOffset: 48, byteLength: 24 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3' },
      { bufferView: 1, componentType: 5123, count: 12, type: 'SCALAR' },
    ],
  };
  patch(json);
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const jsonBytes = new TextEncoder().encode(text);
  const total = 12 + 8 + jsonBytes.length + 8 + bin.length;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  view.setUint32(20 + jsonBytes.length, bin.length, true);
  view.setUint32(24 + jsonBytes.length, 0x004e4942, true);
  out.set(bin, 28 + jsonBytes.length);
  return out;
}

export const vtp = (points = TETRA_POINTS.flat().join(' '), offsets = '3 6 9 12', declaredPoints = 4) =>
  `<?xml version="1.0"?>
<VTKFile type="PolyData" version="0.1" byte_order="LittleEndian">
  <PolyData>
    <Piece NumberOfPoints="${declaredPoints}" NumberOfPolys="4">
      <Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">${points}</DataArray></Points>
      <Polys>
        <DataArray type="Int32" Name="connectivity" format="ascii">${TETRA_FACES.flat().join(' ')}</DataArray>
        <DataArray type="Int32" Name="offsets" format="ascii">${offsets}</DataArray>
      </Polys>
    </Piece>
  </PolyData>
</VTKFile>
`;

export const bytes = (text: string) => new TextEncoder().encode(text);
