/**
 * The thorax around the heart, in patient space: body, lungs, vertebral bodies with discs (cortex and
 * cancellous bone), sternum and ribs. The spine stands where heart-frame.ts puts the descending aorta
 * against it (`spineGap`).
 */
import { SPINE_CENTRE, SPINE_RADIUS } from './heart-frame.ts';
import { LABEL } from './labels.ts';
import { type Structure, structure, type Tube, tubeStructures } from './shapes.ts';
import type { AnatomyVariant } from './variant.ts';

const BIG = 1000;
const VERTEBRA_PERIOD = 28;
const DISC = 5;
const CORTEX = 1.5;

export function buildThorax(v: AnatomyVariant, zTop: number): Structure[] {
  const s: Structure[] = [];
  const cortical = v.corticalBoneHU;
  const [sx, sy] = SPINE_CENTRE;
  const spineBox = {
    min: [sx - SPINE_RADIUS, sy - SPINE_RADIUS, -BIG] as [number, number, number],
    max: [sx + SPINE_RADIUS, sy + SPINE_RADIUS, BIG] as [number, number, number],
  };
  const heightIn = (z: number) => (((z % VERTEBRA_PERIOD) + VERTEBRA_PERIOD) % VERTEBRA_PERIOD) - DISC;
  const spineRadial = (x: number, y: number) => Math.sqrt((x - sx) ** 2 + (y - sy) ** 2);
  s.push(
    structure(
      'vertebral bodies',
      LABEL.bone,
      spineBox,
      ([x, y, z]) => spineRadial(x, y) <= SPINE_RADIUS && heightIn(z) >= 0,
      ([x, y, z]) => {
        const h = heightIn(z);
        const edge = Math.min(SPINE_RADIUS - spineRadial(x, y), h, VERTEBRA_PERIOD - DISC - h);
        return edge < CORTEX ? cortical : 220;
      },
    ),
  );
  s.push(structure('discs', LABEL.softTissue, spineBox, ([x, y]) => spineRadial(x, y) <= SPINE_RADIUS, 80, 30));

  const sternumBox = {
    min: [-14, -92, -BIG] as [number, number, number],
    max: [14, -80, BIG] as [number, number, number],
  };
  s.push(
    structure(
      'sternum',
      LABEL.bone,
      sternumBox,
      () => true,
      ([x, y]) => (Math.min(14 - Math.abs(x), y + 92, -80 - y) < CORTEX ? cortical : 250),
    ),
  );

  // Ribs: arcs from the spine round to the front, falling 20 mm on the way, every 25 mm of height.
  for (let i = 0; i < 8; i++) {
    const z0 = zTop + 10 - 25 * i;
    for (const side of [1, -1]) {
      const points: [number, number, number][] = [];
      for (let k = 0; k <= 16; k++) {
        const phi = Math.PI * (0.12 + 0.76 * (k / 16));
        points.push([side * 120 * Math.sin(phi), 5 + 95 * Math.cos(phi), z0 - 20 * (phi / Math.PI)]);
      }
      const rib: Tube = { points, radii: points.map(() => 5) };
      s.push(...tubeStructures(`rib ${i}${side > 0 ? 'L' : 'R'}`, LABEL.bone, rib, (_, d) => d <= 0, 0.55 * cortical));
    }
  }

  for (const side of [1, -1])
    s.push(
      structure(
        side > 0 ? 'left lung' : 'right lung',
        LABEL.lung,
        { min: [side * 85 - 62, 10 - 85, -BIG], max: [side * 85 + 62, 10 + 85, BIG] },
        ([x, y]) => ((x - side * 85) / 62) ** 2 + ((y - 10) / 85) ** 2 <= 1,
        -850,
      ),
    );
  s.push(
    structure(
      'body',
      LABEL.softTissue,
      { min: [-165, -130, -BIG], max: [165, 120, BIG] },
      ([x, y]) => (x / 165) ** 2 + ((y + 5) / 125) ** 2 <= 1,
      30,
      5,
    ),
  );
  return s;
}
