export * from './accounts.ts';
export * from './mail.ts';
export * from './press-groups.ts';
export * from './press-releases.ts';
