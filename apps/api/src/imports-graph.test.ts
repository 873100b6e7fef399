import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rules of the API (docs/architecture.md), checked on every source file: a feature uses another only
// through that feature's front door (`index.ts`, and `demo.ts` for the demo's seeding), the layers below the
// features (access, lib, plugins) never import a feature, and no module imports itself in a circle. Tests and
// their helpers are left out: they may build data through any feature's insides.

const source = path.dirname(fileURLToPath(import.meta.url));

const isTestCode = (relative: string) =>
  relative.startsWith('test-support/') ||
  /\.test\.ts$/.test(relative) ||
  /(^|\/)test-(helpers|factories)\.ts$/.test(relative) ||
  /-test-setup\.ts$/.test(relative);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(full);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * Relative module specifiers of a source text: static imports and exports (type-only ones too: a circle of
 * types is still a circle of meaning), dynamic import() calls and side-effect imports.
 */
export function relativeImports(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
  ].map((match) => match[1]);
  return specifiers.filter((specifier) => specifier.startsWith('.'));
}

/** The source tree's modules (relative to src/, with `/`) and the modules each imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(source)) {
    const from = path.relative(source, file).split(path.sep).join('/');
    if (isTestCode(from)) continue;
    const targets = relativeImports(readFileSync(file, 'utf8'))
      .map((specifier) =>
        path
          .relative(source, path.resolve(path.dirname(file), specifier))
          .split(path.sep)
          .join('/'),
      )
      .filter((target) => !target.startsWith('..'));
    graph.set(from, targets);
  }
  return graph;
}

const featureOf = (module: string) => (module.startsWith('features/') ? module.split('/')[1] : null);
const layerOf = (module: string) => (module.includes('/') ? module.split('/')[0] : 'entry');
const frontDoors = ['index.ts', 'demo.ts'];

/** Imports that break the layering: one feature into another's insides, or a lower layer into a feature. */
export function layerViolations(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    for (const target of targets) {
      const toFeature = featureOf(target);
      if (toFeature === null) continue;
      const fromFeature = featureOf(from);
      if (fromFeature === toFeature) continue;
      const belowFeatures = ['access', 'lib', 'plugins'].includes(layerOf(from));
      const throughFrontDoor = frontDoors.includes(target.split('/').slice(2).join('/'));
      if (belowFeatures || (fromFeature !== null && !throughFrontDoor)) found.push(`${from} -> ${target}`);
    }
  }
  return found;
}

/** Every circle of imports, each once, as the modules it passes through (Tarjan's strongly connected parts). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (module: string) => {
    index.set(module, counter);
    lowest.set(module, counter);
    counter += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        lowest.set(module, Math.min(lowest.get(module) as number, lowest.get(target) as number));
      } else if (onStack.has(target)) {
        lowest.set(module, Math.min(lowest.get(module) as number, index.get(target) as number));
      }
    }
    if (lowest.get(module) !== index.get(module)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      part.push(member);
    } while (member !== module);
    const selfImport = (graph.get(module) ?? []).includes(module);
    if (part.length > 1 || selfImport) circles.push(part.sort());
  };
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) visit(module);
  return circles;
}

/** The features' own graph: which feature imports which (a circle here is a circle of modules too). */
function featureCircles(graph: Map<string, string[]>): string[][] {
  const features = new Map<string, string[]>();
  for (const [from, targets] of graph) {
    const fromFeature = featureOf(from);
    if (fromFeature === null) continue;
    const key = `features/${fromFeature}`;
    const list = features.get(key) ?? [];
    for (const target of targets) {
      const toFeature = featureOf(target);
      if (toFeature !== null && toFeature !== fromFeature) list.push(`features/${toFeature}`);
    }
    features.set(key, list);
  }
  return importCircles(features);
}

describe('the imports of the API', () => {
  const graph = importGraph();

  it('reach another feature only through its front door, and nothing below the features imports one', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('form no circle of modules', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('form no circle of features', () => {
    expect(featureCircles(graph)).toEqual([]);
  });

  it('are all seen by the checker, and its verdicts are the ones the rules say', () => {
    const sample = [
      "import { a } from './a.ts';",
      "import type { B } from '../b/index.ts';",
      "export { c } from './c.ts';",
      "const d = await import('./d.ts');",
      "import './e.ts';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImports(sample)).toEqual(['./a.ts', '../b/index.ts', './c.ts', './d.ts', './e.ts']);
    const made = new Map<string, string[]>([
      ['features/one/service.ts', ['features/two/repository.ts', 'features/two/index.ts', 'lib/x.ts']],
      ['features/two/index.ts', ['features/two/repository.ts']],
      ['features/two/repository.ts', ['features/one/index.ts']],
      ['features/one/index.ts', ['features/one/service.ts']],
      ['lib/x.ts', ['features/one/index.ts']],
      ['access/y.ts', ['lib/x.ts']],
    ]);
    expect(layerViolations(made)).toEqual([
      'features/one/service.ts -> features/two/repository.ts',
      'lib/x.ts -> features/one/index.ts',
    ]);
    expect(importCircles(made)).toEqual([
      [
        'features/one/index.ts',
        'features/one/service.ts',
        'features/two/index.ts',
        'features/two/repository.ts',
        'lib/x.ts',
      ],
    ]);
  });
});
