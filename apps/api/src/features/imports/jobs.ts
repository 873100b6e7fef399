import { EventEmitter } from 'node:events';
import type { ImportPhase, ImportProgress } from '@pressroom/contract';

type Listener = (kind: 'progress' | 'end') => void;

/**
 * The dry runs and imports under way in this process. Progress lives here, in memory: the import's own
 * transaction is invisible to other connections until it commits, so the database cannot report it.
 */
export class ImportJobs {
  private readonly running = new Map<number, { progress: ImportProgress; done: Promise<void> }>();
  private readonly events = new EventEmitter();

  constructor() {
    this.events.setMaxListeners(0);
  }

  isRunning(id: number): boolean {
    return this.running.has(id);
  }

  progress(id: number): ImportProgress | null {
    return this.running.get(id)?.progress ?? null;
  }

  /** Runs the work in the background; `report` updates the progress that readers see. */
  start(
    id: number,
    phase: ImportPhase,
    work: (report: (progress: Omit<ImportProgress, 'phase'>) => void) => Promise<void>,
  ) {
    const entry = {
      progress: { phase, processed: 0, total: null, percent: 0 } as ImportProgress,
      done: Promise.resolve(),
    };
    this.running.set(id, entry);
    entry.done = work((progress) => {
      entry.progress = { phase, ...progress };
      this.events.emit(String(id), 'progress');
    })
      .catch(() => {
        // The work records its own failure; nothing may escape into an unhandled rejection.
      })
      .finally(() => {
        this.running.delete(id);
        this.events.emit(String(id), 'end');
      });
  }

  subscribe(id: number, listener: Listener): () => void {
    this.events.on(String(id), listener);
    return () => this.events.off(String(id), listener);
  }

  /** Waits for everything under way (server shutdown). */
  async drain() {
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }
}
