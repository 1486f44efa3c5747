import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The link's key is `selector.verifier`: the selector (96 random bits) finds the row by index, the
 * verifier (256 random bits) proves the link, and only its SHA-256 is stored. Comparing the hashes in
 * constant time keeps the lookup from telling an attacker how much of a guessed verifier was right.
 */
const SELECTOR_BYTES = 12;
const VERIFIER_BYTES = 32;
const KEY_PATTERN = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

export interface NewVerificationKey {
  key: string;
  selector: string;
  verifierHash: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function newVerificationKey(): NewVerificationKey {
  const selector = randomBytes(SELECTOR_BYTES).toString('base64url');
  const verifier = randomBytes(VERIFIER_BYTES).toString('base64url');
  return { key: `${selector}.${verifier}`, selector, verifierHash: sha256(verifier) };
}

/** The two halves of a well-formed key, or null for anything else (never an exception). */
export function parseVerificationKey(key: string): { selector: string; verifier: string } | null {
  const match = KEY_PATTERN.exec(key);
  return match?.[1] && match[2] ? { selector: match[1], verifier: match[2] } : null;
}

export function verifierMatches(storedHash: string, verifier: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(sha256(verifier), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
