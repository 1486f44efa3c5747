import { z } from 'zod';

const REQUIRED = 'This field is required';

/**
 * Spec §7 `PATCH studies/{id}/legacy-config/` (form data configFile, caseIdentifier): the results of a
 * legacy simulation, delivered as the viewer config the legacy pipeline wrote (spec §3 Viewer config:
 * scenes, visualisations, options, comments, warnings, metadata). A JSON document of at most 1 MiB.
 */
export const LEGACY_CONFIG_MAX_BYTES = 1_048_576;
/** The form around the file (boundaries, the identifier) may add this much; beyond it the request is 413. */
export const LEGACY_CONFIG_FORM_MAX_BYTES = 2 * LEGACY_CONFIG_MAX_BYTES;
export const LEGACY_CONFIG_MIME_TYPES: readonly string[] = ['application/json', 'text/json'];

export const LEGACY_CONFIG_TOO_LARGE = 'The configuration file may be at most 1 MB.';
export const LEGACY_CONFIG_NOT_JSON = 'The configuration file must be a JSON file (.json).';
export const LEGACY_CONFIG_EMPTY = 'The configuration file is empty.';
export const LEGACY_CONFIG_NOT_A_FILE = 'Send the configuration as a file.';

/**
 * A file part of a multipart form as the server's form parser hands it to validation (the contract
 * describes the parsed form; the wire is multipart/form-data, see `consumes`).
 */
export const formFileSchema = z.object({
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  text: z.string(),
});
export type FormFile = z.infer<typeof formFileSchema>;

const hasJsonType = (file: FormFile) =>
  LEGACY_CONFIG_MIME_TYPES.includes(file.mimeType.split(';')[0]?.trim().toLowerCase() ?? '') ||
  // Some systems send .json files as octet-stream or with no type at all: the name decides then.
  (['', 'application/octet-stream', 'text/plain'].includes(file.mimeType) && /\.json$/i.test(file.filename));

export const legacyConfigFormSchema = z.object({
  configFile: z
    .object(formFileSchema.shape, {
      error: (i) => (i.input == null ? REQUIRED : LEGACY_CONFIG_NOT_A_FILE),
    })
    .refine((file) => file.size <= LEGACY_CONFIG_MAX_BYTES, { error: LEGACY_CONFIG_TOO_LARGE, abort: true })
    .refine((file) => file.size > 0, { error: LEGACY_CONFIG_EMPTY, abort: true })
    .refine(hasJsonType, LEGACY_CONFIG_NOT_JSON)
    .meta({
      description:
        'A file part (a JSON file of at most 1 MB). Described here as the server reads it: the form parser ' +
        'hands validation its filename, media type, size and text.',
    }),
  caseIdentifier: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100),
});
export type LegacyConfigForm = z.infer<typeof legacyConfigFormSchema>;
