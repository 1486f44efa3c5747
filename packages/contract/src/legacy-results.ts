import { z } from 'zod';

/**
 * How CardioMap reads a stored legacy config (spec §3 Viewer config, as the legacy pipeline wrote it;
 * stored by `PATCH studies/{id}/legacy-config/`). The upload checked only "one JSON object of this
 * case", so reading is lenient where the legacy format varied (ids as numbers, comments as plain text)
 * and bounded where a file could make the load heavy (counts, text lengths). Keys it does not know are
 * ignored. A file that does not fit is not drawn and the viewer says so (never a failed load).
 */
const text = (max: number) => z.string().max(max);
const idLike = z.union([z.string().max(100), z.number()]).transform(String);

/**
 * A file reference: only a resource of the study by id is ever resolved (architecture.md §13), written
 * as an object naming the id or as the relative API path `analysis-resources/<id>/` /
 * `study-resources/<id>/`. Any other string (an absolute URL, a data: or javascript: URL) is kept only
 * to be reported as not available: the load never passes it on.
 */
export const legacyFileReferenceSchema = z.union([
  z.object({ analysisResourceId: text(100) }),
  z.object({ studyResourceId: text(100) }),
  z.object({ readUrl: text(4000).nullable() }),
  text(4000),
]);
export type LegacyFileReference = z.infer<typeof legacyFileReferenceSchema>;

/** A cosmetic value that does not fit falls back to the default rather than making the file unreadable. */
const cosmetic = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const legacyObjectSchema = z.object({
  name: text(200).default(''),
  color: cosmetic(text(20)),
  opacity: cosmetic(z.number().min(0).max(1)),
  isVisible: cosmetic(z.boolean()),
  file: legacyFileReferenceSchema.nullable().optional(),
});

export const storedLegacyConfigSchema = z.object({
  scenes: z
    .array(
      z.object({
        name: text(200).default(''),
        file: legacyFileReferenceSchema.nullable().optional(),
        visualisationIds: z.array(idLike).max(500).default([]),
      }),
    )
    .max(100)
    .default([]),
  visualisations: z
    .array(
      z.object({
        id: idLike.optional(),
        name: text(200).optional(),
        analysisType: cosmetic(z.number().int().nullable()),
        opacity: cosmetic(z.number().min(0).max(1)),
        objects: z.array(legacyObjectSchema).max(200).default([]),
      }),
    )
    .max(100)
    .default([]),
  comments: z
    .array(
      z.union([
        text(4000),
        z.object({ author: text(200).optional(), text: text(4000), date: text(40).nullable().optional() }),
      ]),
    )
    .max(500)
    .default([]),
  warnings: z.array(text(1000)).max(100).default([]),
});
export type StoredLegacyConfig = z.infer<typeof storedLegacyConfigSchema>;

/** One thing the legacy config asks to draw: a scene's file or a visualisation object's file. */
export const legacyResultItemSchema = z.object({
  /** Stable within one load ('scene-0', 'object-1-2'): the viewer's key for the item. */
  key: z.string(),
  name: z.string(),
  color: z.string(),
  opacity: z.number(),
  isVisible: z.boolean(),
  /** A signed URL of this study's own resource, when drawn; never a URL taken from the file. */
  readUrl: z.string().nullable(),
  filename: z.string().nullable(),
  /** Why it is not drawn ('Not available: …'); null when drawn. */
  unavailable: z.string().nullable(),
});
export type LegacyResultItem = z.infer<typeof legacyResultItemSchema>;

/** The viewer load's legacy simulation results (spec §3 Services "2 legacy (shown as results)"). */
export const legacyResultsSchema = z.object({
  studyResourceId: z.uuid(),
  comments: z.array(z.object({ author: z.string(), text: z.string(), date: z.string().nullable() })),
  /** The file's own warnings, then what reading it found (a reference not drawn, a malformed file). */
  warnings: z.array(z.string()),
  items: z.array(legacyResultItemSchema),
});
export type LegacyResults = z.infer<typeof legacyResultsSchema>;
