export * from './guards.ts';
export * from './password-expiry.ts';
export * from './permissions.ts';
export * from './roles.ts';
export * from './user-flags.ts';
export * from './user-menu.ts';
