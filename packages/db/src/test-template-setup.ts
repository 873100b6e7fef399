/** Vitest global set-up of the projects whose files open test databases: one migrated template per run. */
import { prepareTestTemplate } from './testing.ts';

export default function setup() {
  return prepareTestTemplate();
}
