import { describe, expect, it } from 'vitest';
import { executeNamed } from './prepared.ts';

/** A query as drizzle builds one: its SQL text, run either as a named statement or unnamed. */
function fakeQuery(text: string, runs: string[]) {
  return {
    toSQL: () => ({ sql: text }),
    prepare: (name: string) => ({
      execute: async () => {
        runs.push(name);
        return [];
      },
    }),
    execute: async () => {
      runs.push('(unnamed)');
      return [];
    },
  };
}

describe('executeNamed', () => {
  it('names a statement after its SQL text alone, so new values reuse it', async () => {
    const runs: string[] = [];
    await executeNamed(fakeQuery('select count(*) from press_releases where id = $1', runs));
    await executeNamed(fakeQuery('select count(*) from press_releases where id = $1', runs));
    await executeNamed(fakeQuery('select count(*) from press_releases where id > $1', runs));
    expect(runs[0]).toMatch(/^named_[0-9a-f]{40}$/);
    expect(runs[1]).toBe(runs[0]);
    expect(runs[2]).toMatch(/^named_[0-9a-f]{40}$/);
    expect(runs[2]).not.toBe(runs[0]);
  });

  it('runs texts past the 256th unnamed, and keeps the names it gave', async () => {
    const runs: string[] = [];
    // Two texts are named by the test above; 254 more reach the bound.
    for (let shape = 0; shape < 254; shape++) await executeNamed(fakeQuery(`select ${shape}`, runs));
    await executeNamed(fakeQuery('select count(*) from press_releases where id < $1', runs));
    await executeNamed(fakeQuery('select 0', runs));
    expect(runs.slice(0, 254).every((name) => name.startsWith('named_'))).toBe(true);
    expect(runs[254]).toBe('(unnamed)');
    expect(runs[255]).toBe(runs[0]);
  });
});
