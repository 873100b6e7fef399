/**
 * The order files start in, for two workers to finish together. Vitest's own order takes one project after
 * another (alphabetically), so the files that mostly wait (two servers waiting for a scheduled job, a
 * PostgreSQL cluster starting) and the longest journeys came last, and one worker idled while the other
 * finished them. Here the files that wait start first, then the journeys, then the database files, and the
 * short files without a database fill the end. Within a project Vitest's order stays: the longest of the last
 * run first, else the largest file.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const projectOrder = [
  'e2e-own-database',
  'own-database',
  'e2e',
  'db',
  'api-mocks',
  'api',
  'api-units',
  'web',
  'contract',
];

function rank(specification: TestSpecification): number {
  const index = projectOrder.indexOf(specification.project.name);
  return index === -1 ? projectOrder.length : index;
}

export default class WaitingAndLongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    // Array.prototype.sort is stable: Vitest's order holds within a project.
    return vitestOrder.sort((a, b) => rank(a) - rank(b));
  }
}
