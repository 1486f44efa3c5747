import { DoubleSide, FrontSide, MeshBasicMaterial, MeshPhongMaterial, type Side } from 'three';
import type { SceneObjectStyle } from './scene-types.ts';

export type SceneMaterial = MeshPhongMaterial | MeshBasicMaterial;

export interface MaterialSettings {
  /** Lit surfaces shade with the lights; unlit ones draw in their flat colour (spec: isAffectedByLighting). */
  lit: boolean;
  color: string;
  opacity: number;
  transparent: boolean;
  side: Side;
  depthTest: boolean;
  depthWrite: boolean;
  flatShading: boolean;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A visualisation object's properties as three.js material settings. */
export function materialSettings(style: SceneObjectStyle): MaterialSettings {
  const opacity = clamp(style.opacity, 0, clamp(style.maxOpacity, 0, 1));
  const transparent = opacity < 1;
  return {
    lit: style.isAffectedByLighting,
    color: style.color,
    opacity,
    transparent,
    side: style.isDoubleSided ? DoubleSide : FrontSide,
    depthTest: style.hasDepthTestEnabled,
    // A see-through shell must not hide what lies inside it depending on draw order; render order
    // then sorts the transparent layers explicitly.
    depthWrite: style.hasDepthTestEnabled && !transparent,
    flatShading: style.hasFlatShadingEnabled,
  };
}

/** The object's material, reused while lighting stays the same, replaced when it switches. */
export function updateMaterial(current: SceneMaterial | null, settings: MaterialSettings): SceneMaterial {
  const fits = current && (settings.lit ? current instanceof MeshPhongMaterial : current instanceof MeshBasicMaterial);
  if (current && !fits) current.dispose();
  const material = fits ? current : settings.lit ? new MeshPhongMaterial({ shininess: 20 }) : new MeshBasicMaterial();
  material.color.set(settings.color);
  material.opacity = settings.opacity;
  material.transparent = settings.transparent;
  material.side = settings.side;
  material.depthTest = settings.depthTest;
  material.depthWrite = settings.depthWrite;
  if (material instanceof MeshPhongMaterial) material.flatShading = settings.flatShading;
  // Side, transparency and flat shading are compiled into the shader program.
  material.needsUpdate = true;
  return material;
}
