import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rule of the web app (docs/architecture.md), checked on every source file: layers point one way,
// app/ -> features/ -> components/, lib/, config/, and features do not reach into each other.

const source = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Relative module specifiers of a file: static imports and exports, and dynamic import() calls. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
  ].map((match) => match[1]);
  return specifiers.filter((specifier) => specifier.startsWith('.'));
}

/** Where a file sits: its layer, and for features the feature's name. */
function placeOf(relative: string): { layer: string; feature?: string } {
  const [first, second] = relative.split('/');
  if (first === 'features') return { layer: 'features', feature: second };
  if (['app', 'components', 'lib', 'config'].includes(first)) return { layer: first };
  return { layer: relative.includes('/') ? first : 'entry' };
}

/** What a layer may import besides itself (a feature: itself only, not other features). */
const allowed: Record<string, readonly string[]> = {
  entry: ['app', 'lib', 'components', 'config', 'features'],
  app: ['features', 'components', 'lib', 'config'],
  features: ['components', 'lib', 'config'],
  components: ['lib', 'config'],
  lib: ['config'],
  config: [],
};

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(source)) {
    const from = path.relative(source, file).split(path.sep).join('/');
    if (from.startsWith('test/') || from === 'layers.test.ts') continue;
    const origin = placeOf(from);
    for (const specifier of relativeImports(file)) {
      const target = path
        .relative(source, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
      if (target.startsWith('..')) continue; // outside the app (the contract package, tests' fixtures)
      const destination = placeOf(target);
      const sameFeature =
        origin.layer === 'features' &&
        destination.layer === 'features' &&
        origin.feature === destination.feature;
      const sameLayer = origin.layer === destination.layer && origin.layer !== 'features';
      if (sameFeature || sameLayer || allowed[origin.layer]?.includes(destination.layer)) continue;
      found.push(`${from} -> ${target}`);
    }
  }
  return found;
}

describe('the layers of the web app', () => {
  it('point one way: app -> features -> components, lib, config; no feature imports another', () => {
    expect(violations()).toEqual([]);
  });

  it('finds imports in every form the code uses', () => {
    // The checker itself: a static, a re-export, a dynamic and a side-effect import are all seen.
    const sample = path.join(source, 'app', 'app.tsx');
    expect(relativeImports(sample)).toContain('./router.tsx');
    expect(placeOf('features/gallery/admin/x.tsx')).toEqual({ layer: 'features', feature: 'gallery' });
    expect(allowed.features).not.toContain('app');
    expect(allowed.components).not.toContain('features');
    expect(allowed.lib).not.toContain('features');
  });
});
