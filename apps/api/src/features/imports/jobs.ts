import { EventEmitter } from 'node:events';
import type { ImportPhase, ImportProgress } from '@pressroom/contract';

type Listener = (kind: 'progress' | 'end') => void;

/** Writes a run's progress on its import's row (outside the run's transaction) and says the run is alive. */
export type ProgressWriter = (id: number, progress: ImportProgress) => Promise<void>;

/** How often a run under way tells the database it is alive, at the least (its progress may say it sooner). */
const heartbeatSeconds = 15;
/** A run whose server has been silent this long is gone (its server stopped): the run is interrupted. */
export const silentRunSeconds = 4 * heartbeatSeconds;

interface Running {
  progress: ImportProgress;
  done: Promise<void>;
  /** A write of the progress under way: at most one at a time; later progress waits for the next. */
  writing: Promise<void> | null;
  writtenAt: number;
}

/**
 * The dry runs and imports under way in this process. Their progress is here, in memory, for the readers on
 * this server (the import's own transaction is invisible to other connections until it commits), and written
 * on the import's row at most once a second and at least every `heartbeatSeconds`, for the readers on other
 * app servers and so that a server starting elsewhere does not take the run for one that died.
 */
export class ImportJobs {
  private readonly running = new Map<number, Running>();
  private readonly events = new EventEmitter();

  constructor(
    private readonly writeProgress: ProgressWriter,
    private readonly onWriteFailure: (error: unknown) => void,
  ) {
    this.events.setMaxListeners(0);
  }

  private persist(id: number, entry: Running, force: boolean) {
    const now = Date.now();
    if (entry.writing || (!force && now - entry.writtenAt < 1000)) return;
    entry.writtenAt = now;
    entry.writing = this.writeProgress(id, entry.progress)
      .catch(this.onWriteFailure)
      .finally(() => {
        entry.writing = null;
      });
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
    const entry: Running = {
      progress: { phase, processed: 0, total: null, percent: 0 },
      done: Promise.resolve(),
      writing: null,
      writtenAt: 0,
    };
    this.running.set(id, entry);
    const heartbeat = setInterval(() => this.persist(id, entry, true), heartbeatSeconds * 1000);
    heartbeat.unref();
    entry.done = work((progress) => {
      entry.progress = { phase, ...progress };
      this.persist(id, entry, false);
      this.events.emit(String(id), 'progress');
    })
      .catch(() => {
        // The work records its own failure; nothing may escape into an unhandled rejection.
      })
      .finally(async () => {
        clearInterval(heartbeat);
        await entry.writing;
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
