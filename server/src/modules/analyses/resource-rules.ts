import {
  AnalysisResourceType,
  FIGURE_FORMAT_REQUIRED,
  figureAttributesSchema,
  MAX_FIGURE_BYTES,
  MAX_MESH_BYTES,
  MESH_FILE_EXTENSIONS,
  MESH_FORMAT_REQUIRED,
  meshAttributesSchema,
} from '@cardiomap/contract';
import type { z } from 'zod';
import { ValidationError } from '../../lib/http-errors.ts';
import { zodIssuesToFields } from '../../plugins/errors.ts';

/** Any other resource (segmentations): far above any real one, low enough to refuse a mistaken upload. */
export const MAX_OTHER_RESOURCE_BYTES = 512 * 1024 * 1024;

export const maxBytesOf = (type: number): number =>
  type === AnalysisResourceType.SCENE_OBJECT
    ? MAX_MESH_BYTES
    : type === AnalysisResourceType.IMAGE
      ? MAX_FIGURE_BYTES
      : MAX_OTHER_RESOURCE_BYTES;

const extensionOf = (filename: string) => filename.toLowerCase().split('.').at(-1) ?? '';

function parseAttributes<T extends z.ZodType>(schema: T, attributes: unknown): z.output<T> {
  const parsed = schema.safeParse(attributes);
  if (!parsed.success) {
    throw new ValidationError({ attributes: zodIssuesToFields(parsed.error.issues) });
  }
  return parsed.data;
}

/**
 * Issue 17 §2: a mesh result is a file of a format the server can parse, a figure a PNG with its caption
 * and the camera it was taken from; each under its size limit. Answers the attributes to store.
 */
export function checkNewResource(body: {
  type: number;
  filename: string;
  size?: number | undefined;
  attributes: Record<string, unknown>;
}): Record<string, unknown> {
  const fields: Record<string, string[]> = {};
  const max = maxBytesOf(body.type);
  if (body.size !== undefined && body.size > max) {
    fields.size = [`The file is too large: at most ${max / 1024 / 1024} MB.`];
  }
  if (body.type === AnalysisResourceType.SCENE_OBJECT) {
    if (!(MESH_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(body.filename))) {
      fields.filename = [MESH_FORMAT_REQUIRED];
    }
    if (Object.keys(fields).length) throw new ValidationError(fields);
    return parseAttributes(meshAttributesSchema, body.attributes);
  }
  if (body.type === AnalysisResourceType.IMAGE) {
    if (extensionOf(body.filename) !== 'png') fields.filename = [FIGURE_FORMAT_REQUIRED];
    if (Object.keys(fields).length) throw new ValidationError(fields);
    return parseAttributes(figureAttributesSchema, body.attributes);
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return body.attributes;
}
