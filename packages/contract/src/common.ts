import { z } from 'zod';

export const uuidSchema = z.uuid('Must be a valid UUID.');
export const idParamsSchema = z.object({ id: uuidSchema });
export const isoDateTime = z.string();
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address.'));
export const messageSchema = z.object({ detail: z.string() });

/**
 * A person's name goes into e-mail subjects and bodies, the PDF and the audit trail (issue 27): line breaks
 * there forge headers or lines, bidirectional overrides reorder what a reader sees, and a web address
 * becomes a link in the recipient's mail client. None belongs in a name.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NOT_IN_A_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const WEB_ADDRESS = /:\/\/|\bwww\./i;
export const NAME_MESSAGES = {
  controlCharacters: 'Use letters, spaces and punctuation only: no line breaks, tabs or control characters.',
  webAddress: 'A name cannot contain a web address.',
} as const;
/** The name rules on top of a string schema's own (trim, length): refinements keep its type. */
export const personName = (schema: z.ZodString) =>
  schema
    .refine((value) => !NOT_IN_A_NAME.test(value), NAME_MESSAGES.controlCharacters)
    .refine((value) => !WEB_ADDRESS.test(value), NAME_MESSAGES.webAddress);
