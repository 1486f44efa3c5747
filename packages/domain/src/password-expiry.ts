const DAY_MS = 86_400_000;

export interface PasswordExpiryInput {
  lastPasswordChange: Date;
  /** Set when an administrator expired the password explicitly. */
  passwordExpiredAt: Date | null;
  /** The primary organisation's policy; null when the user has none. */
  policy: { passwordExpires: boolean; passwordExpirationDays: number } | null;
}

export interface PasswordExpiry {
  expired: boolean;
  /** When the password stops (or stopped) working; null when it never expires. */
  expirationDate: Date | null;
}

/**
 * Spec §3/§9: an organisation may make passwords expire after N days (0 means never); an administrator
 * may expire one at once. The earlier of the two wins.
 */
export const passwordExpiry = (input: PasswordExpiryInput, now: Date): PasswordExpiry => {
  const candidates: Date[] = [];
  if (input.passwordExpiredAt) candidates.push(input.passwordExpiredAt);
  if (input.policy?.passwordExpires && input.policy.passwordExpirationDays > 0) {
    candidates.push(new Date(input.lastPasswordChange.getTime() + input.policy.passwordExpirationDays * DAY_MS));
  }
  if (candidates.length === 0) return { expired: false, expirationDate: null };
  const expirationDate = new Date(Math.min(...candidates.map((date) => date.getTime())));
  return { expired: expirationDate.getTime() <= now.getTime(), expirationDate };
};
