import { PASSWORD_MIN_LENGTH } from '@cardiomap/contract';

// Re-exported: the first published form of these rules (PASSWORD-RULES-READY) exported it from here.
export { PASSWORD_MIN_LENGTH };

import { loadPasswordStrength, type PasswordStrength, type StrengthVerdict } from './password-strength.ts';

/** The maximum bounds the hashing work an attacker can ask of the server; the minimum (15) is §9's. */
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn scores below this are refused: common, breached or trivially patterned passwords. */
export const PASSWORD_MIN_SCORE = 3;
/** A new password may not be any of the user's last N passwords (the server keeps their hashes). */
export const PASSWORD_HISTORY_SIZE = 5;

export const PASSWORD_MESSAGES = {
  tooShort: `Must contain at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Must contain at most ${PASSWORD_MAX_LENGTH} characters`,
  sameAsEmail: 'Must not be your e-mail address',
  sameAsName: 'Must not be your name',
  tooCommon: 'This password is too common or easy to guess',
  reused: `Must not be one of your last ${PASSWORD_HISTORY_SIZE} passwords`,
  mismatch: "Passwords don't match",
} as const;

/** Who the password is for: compared with the password and fed to zxcvbn as personal data. */
export interface PasswordContext {
  email?: string | null;
  /** First, middle, last name — empty ones are ignored. */
  names?: ReadonlyArray<string | null | undefined>;
}

export interface PasswordCheck {
  ok: boolean;
  /** Messages for the password field, in the order a user should fix them; empty when ok. */
  errors: string[];
  /** zxcvbn's verdict, null when no estimator was given (web, before the dictionaries load). */
  strength: StrengthVerdict | null;
}

const normalise = (value: string) => value.trim().toLowerCase();

/**
 * The password rules of issue 19, shared by the server (which always passes the estimator, see
 * `loadPasswordStrength`) and every password form (which passes it once the lazy dictionaries are in).
 * History (not one of the last 5) needs the stored hashes and is checked by the server only.
 */
export const checkPassword = (
  password: string,
  context: PasswordContext,
  strength: PasswordStrength | null,
): PasswordCheck => {
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) errors.push(PASSWORD_MESSAGES.tooLong);
  const candidate = normalise(password);
  const email = context.email ? normalise(context.email) : '';
  if (email && (candidate === email || candidate === email.split('@')[0])) errors.push(PASSWORD_MESSAGES.sameAsEmail);
  const names = (context.names ?? []).filter((name): name is string => !!name?.trim()).map(normalise);
  const fullName = names.join(' ');
  if (names.length > 0 && [...names, fullName, names.join('')].includes(candidate)) {
    errors.push(PASSWORD_MESSAGES.sameAsName);
  }
  // zxcvbn is not run on oversized input: its matching is superlinear and the length already fails.
  const verdict =
    strength && password.length <= PASSWORD_MAX_LENGTH
      ? strength(password, [...names, names.join(''), ...(email ? [email, email.split('@')[0] ?? ''] : [])])
      : null;
  if (verdict && verdict.score < PASSWORD_MIN_SCORE && errors.length === 0) {
    errors.push(PASSWORD_MESSAGES.tooCommon);
  }
  return { ok: errors.length === 0, errors, strength: verdict };
};

/** The server's form: always with the dictionaries (loaded once, then cached). */
export const checkPasswordFully = async (password: string, context: PasswordContext): Promise<PasswordCheck> =>
  checkPassword(password, context, await loadPasswordStrength());
