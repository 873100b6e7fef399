export * from './account.ts';
export * from './datatables.ts';
export * from './enums.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './permissions.ts';
export * from './press.ts';
