import type { PasswordStrength } from './strength-types.ts';

export type { PasswordStrength, StrengthVerdict } from './strength-types.ts';

let loading: Promise<PasswordStrength> | null = null;

/**
 * zxcvbn and its dictionaries (about half a megabyte) are imported on first use, so the web app splits
 * them into chunks of their own (fetched when a password form opens) and the server pays for them once.
 */
export const loadPasswordStrength = (): Promise<PasswordStrength> => {
  loading ??= Promise.all([import('./zxcvbn-estimator.ts'), import('@zxcvbn-ts/language-common')]).then(
    ([estimator, language]) => estimator.createPasswordStrength(language),
  );
  return loading;
};
