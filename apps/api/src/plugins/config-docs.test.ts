import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README's configuration table is the operator's reference: it must name exactly the variables the
// server reads.
const configSource = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

function schemaVariables(): string[] {
  const start = configSource.indexOf('const environmentSchema = z.object({');
  const end = configSource.indexOf('\n});', start);
  const body = configSource.slice(start, end);
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]).sort();
}

function documentedVariables(): string[] {
  return [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` *\|/gm)].map((match) => match[1]).sort();
}

describe('configuration documentation', () => {
  it('documents every environment variable of the configuration, and no other, in the README', () => {
    const variables = schemaVariables();
    expect(variables.length).toBeGreaterThan(10);
    expect(documentedVariables()).toEqual(variables);
  });
});
