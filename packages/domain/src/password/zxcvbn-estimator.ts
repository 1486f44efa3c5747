import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { PasswordStrength } from './strength-types.ts';

interface LanguagePackage {
  dictionary: Record<string, string[]>;
  adjacencyGraphs: Record<string, unknown>;
}

// zxcvbn-ts ships its feedback as bare keys (it leaves translation to the app); these are the English
// sentences for the keys the form shows.
const WARNINGS: Record<string, string> = {
  straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common character sequences like "abc" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is a heavily used password.',
  topHundred: 'This is a frequently used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'There should not be any personal or page related data.',
  pwned: 'Your password was exposed by a data breach on the Internet.',
};
const SUGGESTIONS: Record<string, string> = {
  l33t: "Avoid predictable letter substitutions like '@' for 'a'.",
  reverseWords: 'Avoid reversed spellings of common words.',
  allUppercase: 'Capitalize some, but not all letters.',
  capitalization: 'Capitalize more than the first letter.',
  dates: 'Avoid dates and years that are associated with you.',
  recentYears: 'Avoid recent years.',
  associatedYears: 'Avoid years that are associated with you.',
  sequences: 'Avoid common character sequences.',
  repeated: 'Avoid repeated words and characters.',
  longerKeyboardPattern: 'Use longer keyboard patterns and change typing direction multiple times.',
  anotherWord: 'Add more words that are less common.',
  useWords: 'Use multiple words, but avoid common phrases.',
  noNeed: 'You can create strong passwords without using symbols, numbers, or uppercase letters.',
  pwned: 'If you use this password elsewhere, you should change it.',
};

/** Builds the estimator from a language package (its common-password list and keyboard graphs). */
export const createPasswordStrength = (language: LanguagePackage): PasswordStrength => {
  const zxcvbn = new ZxcvbnFactory({
    dictionary: language.dictionary,
    graphs: language.adjacencyGraphs as never,
    useLevenshteinDistance: true,
  });
  return (password, userInputs) => {
    const result = zxcvbn.check(password, userInputs);
    const warning = result.feedback.warning ? (WARNINGS[result.feedback.warning] ?? null) : null;
    return {
      score: result.score,
      warning,
      suggestions: result.feedback.suggestions.map((key) => SUGGESTIONS[key] ?? key),
    };
  };
};
