import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

const at = (iso: string) => new Date(iso);
const noon = at('2026-06-01T12:00:00Z');

function counting(values: string[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    compute:
      (validUntil: Date | null = null) =>
      async () => ({ value: values[calls++], validUntil }),
  };
}

describe('VersionedCache', () => {
  it('answers again from memory for the same key and version', async () => {
    const cache = new VersionedCache<string>(10);
    const source = counting(['first', 'second']);
    expect(await cache.get('home', 1, noon, source.compute())).toBe('first');
    expect(await cache.get('home', 1, noon, source.compute())).toBe('first');
    expect(source.calls).toBe(1);
  });

  it('computes again once the version moves', async () => {
    const cache = new VersionedCache<string>(10);
    const source = counting(['first', 'second']);
    await cache.get('home', 1, noon, source.compute());
    expect(await cache.get('home', 2, noon, source.compute())).toBe('second');
    expect(source.calls).toBe(2);
  });

  it('computes again from the instant the value stops being right', async () => {
    const cache = new VersionedCache<string>(10);
    const source = counting(['before', 'after']);
    const until = at('2026-06-01T13:00:00Z');
    await cache.get('home', 1, noon, source.compute(until));
    expect(await cache.get('home', 1, at('2026-06-01T12:59:59Z'), source.compute())).toBe('before');
    expect(await cache.get('home', 1, until, source.compute())).toBe('after');
  });

  it('does not reuse a value when the clock is set back before it was computed', async () => {
    const cache = new VersionedCache<string>(10);
    const source = counting(['at noon', 'in the morning']);
    await cache.get('home', 1, noon, source.compute());
    expect(await cache.get('home', 1, at('2026-06-01T08:00:00Z'), source.compute())).toBe('in the morning');
  });

  it('lets the least recently used entry go beyond its size', async () => {
    const cache = new VersionedCache<string>(2);
    const source = counting(['a', 'b', 'c', 'a again']);
    await cache.get('a', 1, noon, source.compute());
    await cache.get('b', 1, noon, source.compute());
    await cache.get('a', 1, noon, source.compute()); // a is now the most recently used
    await cache.get('c', 1, noon, source.compute());
    expect(cache.size).toBe(2);
    expect(await cache.get('b', 1, noon, source.compute())).toBe('a again');
    expect(await cache.get('c', 1, noon, source.compute())).toBe('c');
    expect(source.calls).toBe(4);
  });

  it('shares one computation between concurrent requests', async () => {
    const cache = new VersionedCache<string>(10);
    const source = counting(['only']);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('home', 1, noon, source.compute())));
    expect(answers).toEqual(['only', 'only', 'only']);
    expect(source.calls).toBe(1);
  });

  it('answers without keeping a value it is told not to keep', async () => {
    const cache = new VersionedCache<string>(10);
    const huge = async () => ({ value: 'huge', validUntil: null, keep: false });
    expect(await cache.get('all', 1, noon, huge)).toBe('huge');
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when the computation fails, and tries again next time', async () => {
    const cache = new VersionedCache<string>(10);
    await expect(
      cache.get('home', 1, noon, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    expect(await cache.get('home', 1, noon, async () => ({ value: 'back', validUntil: null }))).toBe('back');
  });
});
