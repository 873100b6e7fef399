export * from './client.ts';
export { DatabaseInUseError } from './pglite-lock.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
