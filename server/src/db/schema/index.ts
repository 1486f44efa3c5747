export * from './auth.ts';
export * from './cases.ts';
export * from './catalogue.ts';
export * from './imaging.ts';
export * from './organisations.ts';
export * from './roles.ts';
export * from './users.ts';
export * from './viewer.ts';
