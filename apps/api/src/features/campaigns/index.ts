// What other features may use of the press office's mail: recording the journalist's answer at sign-up, and
// their answers for the data download.

export { pressMailAnswersOf } from './repository.ts';
export { recordPressMailAnswer } from './service.ts';
