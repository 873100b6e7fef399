/**
 * Computed answers kept in memory, each valid for one content version (see content-versions.ts) and until an
 * instant after which the same data answers differently (e.g. the next embargo to end). The least recently
 * used entries go first beyond `maxEntries`: keys come from requests, so their number is not ours to choose.
 * Concurrent requests for the same key and version share one computation.
 */
export interface Computed<T> {
  value: T;
  /** When the value stops being right even without a write; null: not before the next write. */
  validUntil: Date | null;
  /** False: answer it this once without keeping it (e.g. too large to hold). */
  keep?: boolean;
}

interface Entry<T> {
  version: number;
  /** When it was computed: a clock set back before that (tests, a corrected clock) does not reuse it. */
  validFrom: number;
  validUntil: number;
  value: T;
}

export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value kept for `key` at `version`, else what `compute` answers (kept for the next requests). */
  async get(key: string, version: number, now: Date, compute: () => Promise<Computed<T>>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      const time = now.getTime();
      if (entry.version === version && time >= entry.validFrom && time < entry.validUntil) {
        // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
        this.entries.set(key, entry);
        return entry.value;
      }
    }
    const pendingKey = `${version}\u0000${key}`;
    const running = this.pending.get(pendingKey);
    if (running !== undefined) return running;
    const computation = compute().then((computed) => {
      if (computed.keep === false) return computed.value;
      this.keep(key, {
        version,
        validFrom: now.getTime(),
        validUntil: computed.validUntil?.getTime() ?? Number.POSITIVE_INFINITY,
        value: computed.value,
      });
      return computed.value;
    });
    this.pending.set(pendingKey, computation);
    try {
      return await computation;
    } finally {
      this.pending.delete(pendingKey);
    }
  }

  private keep(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
