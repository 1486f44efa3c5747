/**
 * The heart's structures in the heart frame: root + LVOT with calcium and the coronary ostia, LV cavity
 * and myocardium, LA with pulmonary veins and the appendage, right heart, pulmonary artery, and the soft
 * tissue between them. Blood pools next to the root and the aorta are carved so that a wall of
 * `wallThickness` separates them, as thin as in patients.
 */
import { LVOT_LENGTH } from './aortic-root.ts';
import { type Frame, normalize, sub, toLocal, toWorld, type Vec3 } from './geometry.ts';
import type { Anatomy } from './heart-frame.ts';
import { type LaaModel, laaBox, laaModel } from './laa.ts';
import { LABEL, PRIORITY } from './labels.ts';
import {
  type Ellipsoid,
  ellipsoidBox,
  ellipsoidRadius,
  type Structure,
  structure,
  type Tube,
  tubeBox,
  tubeDistance,
  tubeStructures,
} from './shapes.ts';

export const WALL_HU = 60;
export const FAT_HU = -70;

export interface Heart {
  structures: Structure[];
  lv: Ellipsoid;
  myocardium: Ellipsoid;
  rv: Ellipsoid;
  ra: Ellipsoid;
  la: Ellipsoid;
  laa: LaaModel;
  coronaries: {
    left: { ostium: Vec3; height: number; tube: Tube };
    right: { ostium: Vec3; height: number; tube: Tube };
  };
  calcium: { centre: Vec3; radius: number; hu: number }[];
  /** Highest z of the LA, LAA and pulmonary trunk: the arch must pass above it (the branches may not). */
  top: number;
}

/** An ellipsoid whose frame is the heart frame's axes turned so that its z runs along `axis` (heart frame). */
function heartEllipsoid(a: Anatomy, centre: Vec3, semi: Vec3, axis?: Vec3): Ellipsoid {
  const h = a.heart;
  const frame: Frame = { ...h, origin: a.hf(centre) };
  if (!axis) return { frame, semi };
  const z = normalize(sub(toWorld(h, axis), h.origin));
  const xRaw: Vec3 = Math.abs(z[0] * h.x[0] + z[1] * h.x[1] + z[2] * h.x[2]) < 0.95 ? h.x : h.y;
  const d = xRaw[0] * z[0] + xRaw[1] * z[1] + xRaw[2] * z[2];
  const x = normalize([xRaw[0] - d * z[0], xRaw[1] - d * z[1], xRaw[2] - d * z[2]]);
  const y: Vec3 = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]];
  return { frame: { origin: a.hf(centre), x, y, z }, semi };
}

function boxAround(points: Vec3[], margin: number): { min: Vec3; max: Vec3 } {
  return tubeBox({ points, radii: points.map(() => 0) }, margin);
}

export function buildHeart(a: Anatomy): Heart {
  const { v, root } = a;
  const blood = v.contrastHU;
  const wall = v.wallThickness;
  // The wall round a blood pool: its ellipsoid grown by the wall thickness.
  const dilate = (e: Ellipsoid): Ellipsoid => ({
    frame: e.frame,
    semi: [e.semi[0] + wall, e.semi[1] + wall, e.semi[2] + wall],
  });
  const carved = (p: Vec3) => a.rootDistance(p) > wall && a.aortaDistance(p) > wall;
  const rootReach = Math.max(root.major, root.stjRadius) + root.bulge;
  const rootBox = boxAround(
    [-1, 1].flatMap((sx) =>
      [-1, 1].flatMap((sy) => [-LVOT_LENGTH, root.stjHeight].map((z) => a.hf([sx * rootReach, sy * rootReach, z]))),
    ),
    wall + 2,
  );
  const local = (p: Vec3) => toLocal(a.heart, p);
  const s: Structure[] = [];

  // Calcium on the leaflet attachments just above the hinge points.
  const calcium = v.calcium.map((c) => {
    const theta = root.cuspAngles[c.cusp]! + (c.offsetDeg * Math.PI) / 180;
    const z = c.radius + c.lift;
    const rho = root.radius(theta, z) + 0.3;
    return { centre: a.hf([rho * Math.cos(theta), rho * Math.sin(theta), z]), radius: c.radius, hu: c.hu };
  });
  calcium.forEach((c, i) => {
    const box = boxAround([c.centre], c.radius);
    s.push(
      structure(
        `calcium ${i}`,
        LABEL.calcium,
        box,
        (p) => (p[0] - c.centre[0]) ** 2 + (p[1] - c.centre[1]) ** 2 + (p[2] - c.centre[2]) ** 2 <= c.radius ** 2,
        c.hu,
      ),
    );
  });

  s.push(
    structure(
      'aortic root + LVOT',
      LABEL.aorticRoot,
      rootBox,
      (p) => {
        const q = local(p);
        return Math.sqrt(q[0] * q[0] + q[1] * q[1]) <= root.radius(Math.atan2(q[1], q[0]), q[2]);
      },
      blood,
    ),
  );
  s.push(structure('root wall', LABEL.softTissue, rootBox, (p) => a.rootDistance(p) <= wall + 0.5, WALL_HU, 30));

  // The aorta starts at the STJ; where its rounded start would bulge past the root, the root decides.
  s.push(
    ...tubeStructures(
      'aorta',
      LABEL.aorta,
      a.aorta,
      (p, distance) => {
        if (distance > 0) return false;
        const q = local(p);
        return !(
          q[2] < root.stjHeight &&
          q[2] > -LVOT_LENGTH - 10 &&
          q[0] * q[0] + q[1] * q[1] < (rootReach + 10) ** 2
        );
      },
      blood,
    ),
    ...tubeStructures('aortic wall', LABEL.softTissue, a.aorta, (_, distance) => distance <= 2, WALL_HU, 30, 2),
  );

  // Coronary ostia in the left and right sinuses; the arteries run out and down over the heart.
  const coronary = (cusp: 0 | 1, height: number, radius: number) => {
    const theta = root.cuspAngles[cusp];
    const rho = root.radius(theta, height);
    const at = (out: number, z: number, side: number): Vec3 => {
      const c = Math.cos(theta);
      const sn = Math.sin(theta);
      return a.hf([(rho + out) * c - side * sn, (rho + out) * sn + side * c, z]);
    };
    const tube: Tube = {
      points: [
        at(-1.5, height, 0),
        at(8, height + 1, 0),
        at(18, height - 8, 4),
        at(24, height - 30, 8),
        at(26, height - 55, 10),
      ],
      radii: [radius, radius, 0.9 * radius, 0.75 * radius, 0.6 * radius],
    };
    return { ostium: at(0, height, 0), height, tube };
  };
  const coronaries = { left: coronary(1, v.leftOstiumHeight, 2), right: coronary(0, v.rightOstiumHeight, 1.8) };
  for (const [name, c] of Object.entries(coronaries))
    s.push(structure(`${name} coronary`, LABEL.coronary, tubeBox(c.tube), (p) => tubeDistance(c.tube, p) <= 0, blood));

  // LV: from the LVOT's lower end towards the apex (left, anterior, down in the heart frame).
  const lvAxis: Vec3 = [0.45, 0.35, -0.82];
  const n = normalize(lvAxis);
  const lvCentre: Vec3 = [n[0] * (v.lvLength - 6), n[1] * (v.lvLength - 6), -LVOT_LENGTH + 2 + n[2] * (v.lvLength - 6)];
  const lv = heartEllipsoid(a, lvCentre, [v.lvRadius, v.lvRadius, v.lvLength], lvAxis);
  const t = v.myocardiumThickness;
  const myocardium = heartEllipsoid(a, lvCentre, [v.lvRadius + t, v.lvRadius + t, v.lvLength + 0.8 * t], lvAxis);
  const belowAnnulus = (p: Vec3) => local(p)[2] < -1;
  s.push(
    structure(
      'LV cavity',
      LABEL.lvCavity,
      ellipsoidBox(lv),
      (p) => ellipsoidRadius(lv, p) <= 1 && belowAnnulus(p),
      blood,
    ),
  );
  s.push(
    structure(
      'LV myocardium',
      LABEL.lvMyocardium,
      ellipsoidBox(myocardium),
      (p) => ellipsoidRadius(myocardium, p) <= 1 && belowAnnulus(p),
      v.myocardiumHU,
    ),
  );

  // LA behind the root, overlapping it by a few mm before the carving leaves the wall.
  const size = v.lvRadius / 23;
  const laSemi: Vec3 = [31 * size, 21 * size, 22 * size];
  const la = heartEllipsoid(a, [8, -(root.stjRadius + root.bulge + laSemi[1] - 4), 8], laSemi);
  s.push(
    structure(
      'left atrium',
      LABEL.leftAtrium,
      ellipsoidBox(la),
      (p) => ellipsoidRadius(la, p) <= 1 && carved(p),
      blood,
    ),
  );
  s.push(
    structure(
      'atrial wall',
      LABEL.softTissue,
      ellipsoidBox(la, wall),
      (p) => ellipsoidRadius(dilate(la), p) <= 1,
      WALL_HU,
      30,
    ),
  );
  const laCentre = la.frame.origin;
  const veins: Tube[] = [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ].map(([sx, sz]) => {
    const dir = normalize(sub(a.hf([0.9 * sx!, -0.5, 0.4 * sz!]), a.hf([0, 0, 0])));
    const reach = la.semi[0] + 22;
    return {
      points: [laCentre, [laCentre[0] + dir[0] * reach, laCentre[1] + dir[1] * reach, laCentre[2] + dir[2] * reach]],
      radii: [6.5, 6.5],
    };
  });
  const mitral: Tube = { points: [laCentre, lv.frame.origin], radii: [0.45 * v.lvRadius, 0.45 * v.lvRadius] };
  for (const [i, tube] of [...veins, mitral].entries())
    s.push(
      structure(
        i < 4 ? `pulmonary vein ${i}` : 'mitral inflow',
        LABEL.leftAtrium,
        tubeBox(tube),
        (p) => tubeDistance(tube, p) <= 0 && carved(p),
        blood,
      ),
    );

  const laa = laaModel(v, la, a.heart);
  const laaHU = (p: Vec3) => {
    if (!v.laaPoorlyFilled) return blood;
    const f = laa.depthFraction(p);
    const smooth = f * f * (3 - 2 * f);
    return blood + (v.laaTipHU - blood) * smooth;
  };
  s.push(structure('left atrial appendage', LABEL.laa, laaBox(laa), (p) => laa.inside(p), laaHU));
  // The neck on the atrial side wins over its neighbours as the appendage does, so the ostium's section
  // is exactly its ellipse whatever runs close by.
  s.push(
    structure('LAA neck', LABEL.leftAtrium, laaBox(laa), (p) => laa.insideAtrialNeck(p), blood, PRIORITY[LABEL.laa]),
  );

  // Right heart and pulmonary artery, at the right heart's lower contrast.
  const right = v.rightHeartHU;
  const rv = heartEllipsoid(a, [5, 30, -38], [22, 15, 38], [0.3, 0.25, -1]);
  const ra = heartEllipsoid(a, [-38, -6, -8], [22, 19, 26]);
  const svc: Tube = {
    points: [a.hf([-38, -6, 10]), [a.hf([-38, -6, 10])[0], a.hf([-38, -6, 10])[1], 400]],
    radii: [9, 9],
  };
  s.push(
    structure(
      'right ventricle',
      LABEL.rightHeart,
      ellipsoidBox(rv),
      (p) => ellipsoidRadius(rv, p) <= 1 && carved(p),
      right,
    ),
  );
  s.push(
    structure(
      'right atrium',
      LABEL.rightHeart,
      ellipsoidBox(ra),
      (p) => ellipsoidRadius(ra, p) <= 1 && carved(p),
      right,
    ),
  );
  s.push(
    structure(
      'superior vena cava',
      LABEL.rightHeart,
      tubeBox(svc),
      (p) => tubeDistance(svc, p) <= 0 && carved(p),
      right,
    ),
  );
  for (const [name, e] of [
    ['RV wall', rv],
    ['RA wall', ra],
  ] as const)
    s.push(
      structure(name, LABEL.softTissue, ellipsoidBox(e, wall), (p) => ellipsoidRadius(dilate(e), p) <= 1, WALL_HU, 30),
    );

  const paRadius = 0.4 * v.annulusDiameter + 2;
  const d = (root.major + root.minor) / 2 + root.bulge + paRadius - 1;
  const c50 = Math.cos((50 * Math.PI) / 180) * d;
  const s50 = Math.sin((50 * Math.PI) / 180) * d;
  const trunk: Vec3[] = [
    [8, 30, -28],
    [c50, s50, -8],
    [c50, s50, 22],
    [c50 + 3, 5, 40],
  ];
  const pa: Tube[] = [
    { points: trunk.map(a.hf), radii: [paRadius, paRadius, paRadius, 0.9 * paRadius] },
    {
      points: [trunk[3]!, [c50 + 25, -15, 44], [c50 + 50, -30, 38]].map((q) => a.hf(q as Vec3)),
      radii: [0.7 * paRadius, 0.7 * paRadius, 0.6 * paRadius],
    },
    {
      points: [trunk[3]!, [-5, -28, 44], [-45, -32, 40]].map((q) => a.hf(q as Vec3)),
      radii: [0.7 * paRadius, 0.7 * paRadius, 0.6 * paRadius],
    },
  ];
  pa.forEach((tube, i) => {
    s.push(
      structure(
        `pulmonary artery ${i}`,
        LABEL.pulmonaryArtery,
        tubeBox(tube),
        (p) => tubeDistance(tube, p) <= 0 && carved(p),
        right,
      ),
    );
    s.push(
      structure(
        `pulmonary artery wall ${i}`,
        LABEL.softTissue,
        tubeBox(tube, wall),
        (p) => tubeDistance(tube, p) <= wall,
        WALL_HU,
        30,
      ),
    );
  });

  // Epicardial and mediastinal fat around it all.
  const envelope = heartEllipsoid(a, [5, 0, -25], [80, 70, 85]);
  s.push(
    structure(
      'pericardial fat',
      LABEL.softTissue,
      ellipsoidBox(envelope),
      (p) => ellipsoidRadius(envelope, p) <= 1,
      FAT_HU,
      15,
    ),
  );

  const top = Math.max(ellipsoidBox(la).max[2], laaBox(laa).max[2], tubeBox(pa[0]!).max[2]);
  return { structures: s, lv, myocardium, rv, ra, la, laa, coronaries, calcium, top };
}
