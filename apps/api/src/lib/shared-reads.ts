/** The reads asked for and not sent yet, per owner (a database handle) and key. */
const nextReads = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Callers asking for the same read at once share one, sent after every one of them asked: a caller that comes
 * while a read is already on its way waits for the next one, so it sees whatever was committed before it
 * asked. For small reads every request makes first (a content version): under load one statement answers
 * many requests.
 */
export function sharedRead<T>(owner: object, key: string, read: () => Promise<T>): Promise<T> {
  let waiting = nextReads.get(owner);
  if (waiting === undefined) {
    waiting = new Map();
    nextReads.set(owner, waiting);
  }
  const pending = waiting.get(key) as Promise<T> | undefined;
  if (pending !== undefined) return pending;
  const reads = waiting;
  const next = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    reads.delete(key);
    return read();
  });
  waiting.set(key, next);
  return next;
}
