export * from './auth.ts';
export * from './business.ts';
export * from './platform.ts';
