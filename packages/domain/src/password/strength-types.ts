/** zxcvbn's verdict, reduced to what the rules and the strength meter need. */
export interface StrengthVerdict {
  /** 0 (guessed at once) … 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** English sentence for the most important weakness, or null. */
  warning: string | null;
  suggestions: string[];
}

export type PasswordStrength = (password: string, userInputs: string[]) => StrengthVerdict;
