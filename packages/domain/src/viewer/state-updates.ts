/**
 * Spec §5 "Viewer": state updates on config, intervention, device, variant, landmark or analysis with
 * an unknown id or a mismatching property id throw an error. A silent no-op (or an append) would leave
 * the screen showing something other than what the server holds, so the update is refused loudly and
 * the caller shows the error instead.
 */
export type ViewerEntityKind = 'config' | 'intervention' | 'device' | 'variant' | 'landmark' | 'analysis';

const LABELS: Record<ViewerEntityKind, string> = {
  config: 'Viewer configuration',
  intervention: 'Intervention',
  device: 'Device',
  variant: 'Device variant',
  landmark: 'Landmark',
  analysis: 'Analysis',
};

export class ViewerStateError extends Error {
  override readonly name = 'ViewerStateError';
  constructor(
    readonly kind: ViewerEntityKind,
    readonly reason: 'unknown-id' | 'mismatching-id' | 'duplicate-id',
    message: string,
  ) {
    super(message);
  }
}

interface Identified {
  id: string;
}

export const unknownIdError = (kind: ViewerEntityKind, id: string) =>
  new ViewerStateError(
    kind,
    'unknown-id',
    `${LABELS[kind]} ${id} is not in the viewer's state: the change was not applied.`,
  );

/** The update names `id`; the value it carries must name the same one. */
export function assertSameId(kind: ViewerEntityKind, id: string, value: { id?: string | null | undefined }): void {
  if (value.id !== undefined && value.id !== id) {
    throw new ViewerStateError(
      kind,
      'mismatching-id',
      `${LABELS[kind]} ${id} cannot take the value of ${value.id ?? 'no id'}: the change was not applied.`,
    );
  }
}

/** `items` with the one of `id` replaced by `next`; unknown id or a `next` of another id throws. */
export function replaceById<T extends Identified>(
  kind: ViewerEntityKind,
  items: readonly T[],
  id: string,
  next: T,
): T[] {
  assertSameId(kind, id, next);
  if (!items.some((item) => item.id === id)) throw unknownIdError(kind, id);
  return items.map((item) => (item.id === id ? next : item));
}

/** `items` with a patch merged into the one of `id`; unknown id or a patch naming another id throws. */
export function patchById<T extends Identified>(
  kind: ViewerEntityKind,
  items: readonly T[],
  id: string,
  patch: Partial<T>,
): T[] {
  assertSameId(kind, id, patch);
  if (!items.some((item) => item.id === id)) throw unknownIdError(kind, id);
  return items.map((item) => (item.id === id ? { ...item, ...patch } : item));
}

/** `items` without the one of `id`; an unknown id throws. */
export function removeById<T extends Identified>(kind: ViewerEntityKind, items: readonly T[], id: string): T[] {
  if (!items.some((item) => item.id === id)) throw unknownIdError(kind, id);
  return items.filter((item) => item.id !== id);
}

/** `items` with `added` at the end; an id already held throws (that would be an update, not an addition). */
export function addById<T extends Identified>(kind: ViewerEntityKind, items: readonly T[], added: T): T[] {
  if (items.some((item) => item.id === added.id)) {
    throw new ViewerStateError(
      kind,
      'duplicate-id',
      `${LABELS[kind]} ${added.id} is already in the viewer's state: the change was not applied.`,
    );
  }
  return [...items, added];
}

/**
 * One held object (the study's viewer configuration) replaced by `next`: it must be the one held,
 * named by `id`, unless nothing is held yet (the first one is made).
 */
export function replaceOne<T extends Identified>(
  kind: ViewerEntityKind,
  held: T | null | undefined,
  id: string,
  next: T,
): T {
  assertSameId(kind, id, next);
  if (held && held.id !== id) throw unknownIdError(kind, id);
  return next;
}
