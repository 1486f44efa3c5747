export * from './password-rules.ts';
export * from './password-strength.ts';
