import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-reads.ts';

/** A read that answers how many times it has been made, and counts them. */
function counting() {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    read: async () => {
      reads += 1;
      return reads;
    },
  };
}

describe('sharedRead', () => {
  it('makes one read for the callers that ask at once, and each gets its answer', async () => {
    const database = {};
    const source = counting();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sharedRead(database, 'press_releases', source.read)),
    );
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(source.reads).toBe(1);
  });

  it('makes a new read for a caller that asks once the last one was sent, so it sees what changed since', async () => {
    const database = {};
    const source = counting();
    const first = sharedRead(database, 'press_releases', source.read);
    expect(await first).toBe(1);
    expect(await sharedRead(database, 'press_releases', source.read)).toBe(2);
    expect(source.reads).toBe(2);
  });

  it('never lets a caller join a read already sent', async () => {
    const database = {};
    let release: (value: number) => void = () => {};
    let reads = 0;
    const slow = () => {
      reads += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const early = sharedRead(database, 'galleries', slow);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(1);
    const late = sharedRead(database, 'galleries', async () => 7);
    release(3);
    expect([await early, await late]).toEqual([3, 7]);
  });

  it('keeps the reads of other keys and other databases apart, and passes a failure to every caller', async () => {
    const source = counting();
    const [one, other, elsewhere] = await Promise.all([
      sharedRead({}, 'press_releases', source.read),
      sharedRead({}, 'galleries', source.read),
      sharedRead({}, 'press_releases', source.read),
    ]);
    expect(new Set([one, other, elsewhere]).size).toBe(3);
    const database = {};
    const failing = async () => {
      throw new Error('connection lost');
    };
    const results = await Promise.allSettled([
      sharedRead(database, 'galleries', failing),
      sharedRead(database, 'galleries', failing),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
