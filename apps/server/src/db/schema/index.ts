export * from './auth.ts';
export * from './business.ts';
export * from './platform.ts';
export * from './employee-sessions.ts';
export * from './time-clock.ts';
export * from './sales.ts';
export * from './rate-limits.ts';
export * from './realtime.ts';
