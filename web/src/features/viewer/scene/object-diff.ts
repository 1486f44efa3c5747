import type { SceneObjectSpec, SceneObjectStyle } from './scene-types.ts';

export interface SceneObjectDiff {
  added: SceneObjectSpec[];
  removed: string[];
  /** The file changed: the old surfaces go, the new file is loaded. */
  reloaded: SceneObjectSpec[];
  /** Only drawing properties changed: the loaded surfaces stay, their material is updated. */
  restyled: SceneObjectSpec[];
}

const STYLE_KEYS: ReadonlyArray<keyof SceneObjectStyle> = [
  'name',
  'color',
  'opacity',
  'maxOpacity',
  'isVisible',
  'isDoubleSided',
  'renderOrder',
  'hasDepthTestEnabled',
  'hasFlatShadingEnabled',
  'isAffectedByLighting',
  'objectOrder',
];

/**
 * The file an object shows. Read URLs are re-signed whenever the viewer config is fetched again, so
 * the query string (the signature) does not make a new file.
 */
const source = (spec: SceneObjectSpec) =>
  [spec.url?.split('?', 1)[0] ?? '', spec.filename, spec.mimeType ?? ''].join('\n');

/**
 * What `setObjects` must do to go from the objects shown to the `next` list, matched by id.
 * `failed` objects are retried whenever their URL changes at all: a fresh signature may be the fix.
 */
export function diffSceneObjects(
  previous: ReadonlyMap<string, SceneObjectSpec>,
  next: readonly SceneObjectSpec[],
  failed: ReadonlySet<string> = new Set(),
): SceneObjectDiff {
  const diff: SceneObjectDiff = { added: [], removed: [], reloaded: [], restyled: [] };
  const nextIds = new Set(next.map((spec) => spec.id));
  for (const id of previous.keys()) if (!nextIds.has(id)) diff.removed.push(id);
  for (const spec of next) {
    const before = previous.get(spec.id);
    if (!before) diff.added.push(spec);
    else if (source(before) !== source(spec) || (failed.has(spec.id) && before.url !== spec.url))
      diff.reloaded.push(spec);
    else if (STYLE_KEYS.some((key) => before[key] !== spec[key])) diff.restyled.push(spec);
  }
  return diff;
}
