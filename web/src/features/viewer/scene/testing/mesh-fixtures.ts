/** A tetrahedron with corners at the origin and 10 mm along each axis, in every format the scene reads. */
const CORNERS = [
  [0, 0, 0],
  [10, 0, 0],
  [0, 10, 0],
  [0, 0, 10],
] as const;
const FACES = [
  [0, 2, 1],
  [0, 1, 3],
  [0, 3, 2],
  [1, 2, 3],
] as const;

const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;
const corner = (i: number) => CORNERS[i]!.join(' ');

export const asciiStl = (): ArrayBuffer =>
  bytes(
    `solid tetra\n${FACES.map(
      (f) => `facet normal 0 0 0\nouter loop\n${f.map((i) => `vertex ${corner(i)}`).join('\n')}\nendloop\nendfacet`,
    ).join('\n')}\nendsolid tetra\n`,
  );

export function binaryStl(): ArrayBuffer {
  const view = new DataView(new ArrayBuffer(84 + FACES.length * 50));
  view.setUint32(80, FACES.length, true);
  for (const [f, face] of FACES.entries()) {
    const base = 84 + f * 50 + 12;
    for (const [k, i] of face.entries()) {
      for (const [axis, value] of CORNERS[i]!.entries()) view.setFloat32(base + k * 12 + axis * 4, value, true);
    }
  }
  return view.buffer;
}

export const asciiPly = (): ArrayBuffer =>
  bytes(
    [
      'ply',
      'format ascii 1.0',
      `element vertex ${CORNERS.length}`,
      'property float x',
      'property float y',
      'property float z',
      `element face ${FACES.length}`,
      'property list uchar int vertex_indices',
      'end_header',
      ...CORNERS.map((_, i) => corner(i)),
      ...FACES.map((f) => `3 ${f.join(' ')}`),
      '',
    ].join('\n'),
  );

export const obj = (): ArrayBuffer =>
  bytes(
    [...CORNERS.map((_, i) => `v ${corner(i)}`), ...FACES.map((f) => `f ${f.map((i) => i + 1).join(' ')}`), ''].join(
      '\n',
    ),
  );

export const legacyVtk = (): ArrayBuffer =>
  bytes(
    [
      '# vtk DataFile Version 3.0',
      'tetra',
      'ASCII',
      'DATASET POLYDATA',
      `POINTS ${CORNERS.length} float`,
      ...CORNERS.map((_, i) => corner(i)),
      `POLYGONS ${FACES.length} ${FACES.length * 4}`,
      ...FACES.map((f) => `3 ${f.join(' ')}`),
      '',
    ].join('\n'),
  );

export const xmlVtp = (): ArrayBuffer =>
  bytes(`<?xml version="1.0"?>
<VTKFile type="PolyData" version="0.1" byte_order="LittleEndian">
  <PolyData>
    <Piece NumberOfPoints="${CORNERS.length}" NumberOfPolys="${FACES.length}">
      <Points>
        <DataArray type="Float32" NumberOfComponents="3" format="ascii">${CORNERS.flat().join(' ')}</DataArray>
      </Points>
      <Polys>
        <DataArray type="Int32" Name="connectivity" format="ascii">${FACES.flat().join(' ')}</DataArray>
        <DataArray type="Int32" Name="offsets" format="ascii">3 6 9 12</DataArray>
      </Polys>
    </Piece>
  </PolyData>
</VTKFile>
`);

function gltfParts() {
  const positions = new Float32Array(CORNERS.flat());
  const indices = new Uint16Array(FACES.flat());
  const buffer = new Uint8Array(positions.byteLength + indices.byteLength);
  buffer.set(new Uint8Array(positions.buffer), 0);
  buffer.set(new Uint8Array(indices.buffer), positions.byteLength);
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, translation: [5, 0, 0] }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    buffers: [{ byteLength: buffer.byteLength } as { byteLength: number; uri?: string }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.byteLength },
      { buffer: 0, byteOffset: positions.byteLength, byteLength: indices.byteLength },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3', min: [0, 0, 0], max: [10, 10, 10] },
      { bufferView: 1, componentType: 5123, count: 12, type: 'SCALAR' },
    ],
  };
  return { json, buffer };
}

/** glTF with the buffer embedded as a data URI and the mesh moved 5 mm along x by its node. */
export function gltf(): ArrayBuffer {
  const { json, buffer } = gltfParts();
  json.buffers[0]!.uri = `data:application/octet-stream;base64,${btoa(String.fromCharCode(...buffer))}`;
  return bytes(JSON.stringify(json));
}

/** The same as binary glTF (GLB), as the surface job writes it: a JSON chunk, then a BIN chunk. */
export function glb(): ArrayBuffer {
  const { json, buffer } = gltfParts();
  const pad = (length: number) => Math.ceil(length / 4) * 4;
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad(jsonBytes.byteLength);
  const binLength = pad(buffer.byteLength);
  const out = new Uint8Array(12 + 8 + jsonLength + 8 + binLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, out.byteLength, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // "JSON"
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(jsonBytes, 20);
  view.setUint32(20 + jsonLength, binLength, true);
  view.setUint32(24 + jsonLength, 0x004e4942, true); // "BIN"
  out.set(buffer, 28 + jsonLength);
  return out.buffer;
}
