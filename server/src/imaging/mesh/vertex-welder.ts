import type { MeshBuilder } from './mesh-builder.ts';

/**
 * STL repeats every corner in each triangle that shares it. Welding identical corners (same float bits)
 * makes the mesh indexed: a third of the size, and smooth normals in the scene. Open addressing on
 * the coordinates' bits keeps it to a few bytes per vertex, with no string keys.
 */
export class VertexWelder {
  private table = new Int32Array(1 << 16).fill(-1);
  private used = 0;
  private readonly bits = new Uint32Array(3);
  private readonly floats = new Float32Array(this.bits.buffer);
  /** Each welded vertex's float bits, to compare on a hash collision. */
  private keys = new Uint32Array(3 << 16);

  constructor(private readonly builder: MeshBuilder) {}

  vertex(x: number, y: number, z: number): number {
    const { floats, bits } = this;
    floats[0] = x;
    floats[1] = y;
    floats[2] = z;
    const mask = this.table.length - 1;
    let slot = hash(bits[0]!, bits[1]!, bits[2]!) & mask;
    for (;;) {
      const found = this.table[slot]!;
      if (found < 0) break;
      const k = 3 * found;
      if (this.keys[k] === bits[0] && this.keys[k + 1] === bits[1] && this.keys[k + 2] === bits[2]) return found;
      slot = (slot + 1) & mask;
    }
    // Stored as float32, as the mesh keeps them, so the comparison above sees what the file held.
    const index = this.builder.addVertex(floats[0]!, floats[1]!, floats[2]!);
    this.table[slot] = index;
    this.remember(index);
    if (++this.used * 2 > this.table.length) this.grow();
    return index;
  }

  private remember(index: number): void {
    if (3 * index + 3 > this.keys.length) {
      const bigger = new Uint32Array(this.keys.length * 2);
      bigger.set(this.keys);
      this.keys = bigger;
    }
    this.keys.set(this.bits, 3 * index);
  }

  private grow(): void {
    const table = new Int32Array(this.table.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let index = 0; index < this.used; index++) {
      const k = 3 * index;
      let slot = hash(this.keys[k]!, this.keys[k + 1]!, this.keys[k + 2]!) & mask;
      while (table[slot]! >= 0) slot = (slot + 1) & mask;
      table[slot] = index;
    }
    this.table = table;
  }
}

function hash(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}
