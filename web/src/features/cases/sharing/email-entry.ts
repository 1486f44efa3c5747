import { z } from 'zod';

export const INVALID_EMAIL = 'Invalid email address';

// The same check the server applies to shareCaseSchema.email, so what passes here is not refused there.
const emailSchema = z.email();

export const isValidEmail = (value: string): boolean => emailSchema.safeParse(value).success;

export interface EmailEntry {
  /** The e-mail chips after adding the committed entries (valid, lower-cased, without duplicates). */
  emails: string[];
  /** Whether some entry was dropped as invalid (spec §5 'Invalid email address'). */
  droppedInvalid: boolean;
}

/** Adds comma-separated entries to the chips: invalid ones are dropped, duplicates kept once. */
export function addEmails(current: readonly string[], entry: string): EmailEntry {
  const emails = [...current];
  let droppedInvalid = false;
  for (const raw of entry.split(',')) {
    const email = raw.trim().toLowerCase();
    if (email === '') continue;
    if (!isValidEmail(email)) droppedInvalid = true;
    else if (!emails.includes(email)) emails.push(email);
  }
  return { emails, droppedInvalid };
}
