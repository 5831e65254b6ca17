import os from 'node:os';
import type { Exercise } from '@stickwork/domain';
import type { Piscina } from 'piscina';

export interface SheetMusicPool {
  /** The sheet PDF of an exercise, rendered in a worker thread. */
  render(exercise: Exercise): Promise<Buffer>;
  close(): Promise<void>;
}

export interface SheetMusicPoolOptions {
  /** Worker threads at most. Default: the machine's cores but one (at least one). */
  threads?: number;
  /** A worker idle this long ends (it starts again on the next render). Default 60 s. */
  idleTimeoutMs?: number;
}

/** The worker module beside this one: compiled JavaScript, or TypeScript under tsx/Vitest (source). */
const workerModule = () => {
  const fromSource = import.meta.url.endsWith('.ts');
  return {
    filename: new URL(`./sheet-music-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
    execArgv: fromSource ? ['--import', 'tsx', '--conditions=source'] : [],
  };
};

/**
 * Sheet-music PDFs render off the event loop: engraving one costs about 45 ms of CPU,
 * which would stall every other request. A pool of worker threads (piscina) sized to the cores
 * but one, which stays the event loop's: with every core rendering, /api/health waited twice as
 * long and the renders themselves took longer (measured by `npm run bench -- pdf-health`). The
 * pool starts on the first render (no thread and no engraving code at start-up); idle threads
 * end after a minute.
 */
/**
 * Threads for the pool of one of `processes` serving processes (cluster workers, each with its own pool):
 * together they use the cores but one, as a single process's pool does, and each has at least one.
 */
export const sheetMusicThreadsPerProcess = (processes: number): number =>
  Math.max(1, Math.floor((os.availableParallelism() - 1) / Math.max(1, processes)));

export const createSheetMusicPool = (options: SheetMusicPoolOptions = {}): SheetMusicPool => {
  const threads = Math.max(1, options.threads ?? os.availableParallelism() - 1);
  let pool: Promise<Piscina> | undefined;
  const started = () =>
    (pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina({
          ...workerModule(),
          minThreads: 0,
          maxThreads: threads,
          idleTimeout: options.idleTimeoutMs ?? 60_000,
        }),
    ));
  return {
    async render(exercise) {
      const bytes = (await (await started()).run(exercise)) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async close() {
      if (pool) await (await pool).destroy();
      pool = undefined;
    },
  };
};
