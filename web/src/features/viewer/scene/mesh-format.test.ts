import { describe, expect, it } from 'vitest';
import { detectMeshFormat } from './mesh-format.ts';

describe('detectMeshFormat', () => {
  it.each([
    ['aorta.stl', 'stl'],
    ['LV.STL', 'stl'],
    ['scan.ply', 'ply'],
    ['device.obj', 'obj'],
    ['scene.gltf', 'gltf'],
    ['valve.glb', 'glb'],
    ['surface.vtk', 'vtk'],
    ['surface.vtp', 'vtp'],
    ['blood.pool.v2.stl', 'stl'],
  ])('reads %s as %s from its extension', (filename, format) => {
    expect(detectMeshFormat(filename)).toBe(format);
  });

  it('prefers the extension over a generic MIME type', () => {
    expect(detectMeshFormat('root.vtp', 'application/octet-stream')).toBe('vtp');
  });

  it('falls back to the MIME type when the name has no known extension', () => {
    expect(detectMeshFormat('mesh', 'model/gltf-binary')).toBe('glb');
    expect(detectMeshFormat('mesh.bin', 'model/stl; charset=binary')).toBe('stl');
  });

  it('ignores a query string on a URL-like name', () => {
    expect(detectMeshFormat('aorta.ply?X-Amz-Signature=abc.stl')).toBe('ply');
  });

  it('answers null when nothing tells the format', () => {
    expect(detectMeshFormat('notes.txt', 'text/plain')).toBeNull();
    expect(detectMeshFormat('')).toBeNull();
  });
});
