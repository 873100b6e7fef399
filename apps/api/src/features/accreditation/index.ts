// What other parts of the server may use of accreditation: the retention rule's purge of proof files.

export { purgeExpiredProofs } from './service.ts';
