/**
 * Geodesic distance inside a mask (Dijkstra over the 26 neighbours, steps weighted by their length in
 * mm): how far along the lumen each voxel is from a start. Walking the aorta from its far end, the
 * fronts of equal distance are its cross-sections, so their centres trace its centreline down to the root.
 */
import type { Dims, Vec3 } from './types.ts';

export function geodesicDistance(mask: Uint8Array, dims: Dims, spacing: Vec3, sources: number[]): Float64Array {
  const [nx, ny, nz] = dims;
  const plane = nx * ny;
  const distance = new Float64Array(mask.length).fill(Infinity);
  const offsets: { dx: number; dy: number; dz: number; w: number }[] = [];
  for (let dz = -1; dz <= 1; dz++)
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        if (dx || dy || dz)
          offsets.push({ dx, dy, dz, w: Math.hypot(dx * spacing[0], dy * spacing[1], dz * spacing[2]) });
  const heap = new MinHeap();
  for (const s of sources) {
    if (!mask[s]) continue;
    distance[s] = 0;
    heap.push(s, 0);
  }
  while (heap.size > 0) {
    const [v, d] = heap.pop();
    if (d > distance[v]!) continue;
    const x = v % nx;
    const y = Math.floor(v / nx) % ny;
    const z = Math.floor(v / plane);
    for (const o of offsets) {
      const i = x + o.dx;
      const j = y + o.dy;
      const k = z + o.dz;
      if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) continue;
      const u = v + o.dx + o.dy * nx + o.dz * plane;
      if (!mask[u]) continue;
      const nd = d + o.w;
      if (nd < distance[u]!) {
        distance[u] = nd;
        heap.push(u, nd);
      }
    }
  }
  return distance;
}

/** A binary heap of (index, key), smallest key first; stale entries are skipped by the caller. */
export class MinHeap {
  private items = new Int32Array(1024);
  private keys = new Float64Array(1024);
  size = 0;
  push(item: number, key: number): void {
    if (this.size === this.items.length) {
      const items = new Int32Array(this.size * 2);
      items.set(this.items);
      this.items = items;
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    let n = this.size++;
    while (n > 0) {
      const parent = (n - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.items[n] = this.items[parent]!;
      this.keys[n] = this.keys[parent]!;
      n = parent;
    }
    this.items[n] = item;
    this.keys[n] = key;
  }
  pop(): [number, number] {
    const item = this.items[0]!;
    const key = this.keys[0]!;
    const lastItem = this.items[--this.size]!;
    const lastKey = this.keys[this.size]!;
    let n = 0;
    for (;;) {
      const l = 2 * n + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const c = r < this.size && this.keys[r]! < this.keys[l]! ? r : l;
      if (this.keys[c]! >= lastKey) break;
      this.items[n] = this.items[c]!;
      this.keys[n] = this.keys[c]!;
      n = c;
    }
    this.items[n] = lastItem;
    this.keys[n] = lastKey;
    return [item, key];
  }
}
