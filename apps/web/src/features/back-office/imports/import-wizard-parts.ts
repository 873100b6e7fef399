import { ApiError } from '../../../lib/api-client.ts';

/** Which source column fills each field of the target (unmapped fields left out). */
export type Mapping = Partial<Record<string, string>>;

/** The wizard's steps in their order. */
export const steps = ['upload', 'table', 'mapping', 'dryRun', 'import', 'report'] as const;

export type StepName = (typeof steps)[number];

/** What a refused call says, in the words the server gave. */
export const errorText = (error: unknown) =>
  error instanceof ApiError
    ? (error.generalMessage ?? Object.values(error.fieldErrors)[0] ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);
