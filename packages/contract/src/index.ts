export * from './codes.ts';
export * from './languages.ts';
export * from './accounts.ts';
export * from './admin.ts';
export * from './endpoints.ts';
export * from './paths.ts';
export * from './messages/index.ts';
export * from './format.ts';
