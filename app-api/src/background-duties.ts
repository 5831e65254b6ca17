import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Backend } from './backend.js';
import type { Leases } from './adapters/leases/leases.js';
import { startPeriodEndSweep } from './payments/period-ends.js';
import { startReminderScheduler } from './reminders/practice-reminders.js';
import { startTeacherBookingSweep } from './teacher-lessons/teacher-booking-sweep.js';

/** A holder that stops renewing (killed) loses its duties this long after its last renewal. */
export const DUTY_LEASE_TTL_MS = 5_000;
/** Renewed three times per term: one slow renewal (a busy store) does not lose the lease. */
export const DUTY_LEASE_RENEW_MS = 1_500;

type DutiesBackend = Pick<Backend, 'hostLeases' | 'leases' | 'logger' | 'projections'> &
  Parameters<typeof startPeriodEndSweep>[0] &
  Parameters<typeof startReminderScheduler>[0] &
  Parameters<typeof startTeacherBookingSweep>[0];

/** Work that one process at a time runs for everyone, while it holds the lease `lease`. */
interface Duty {
  lease: string;
  leases: Leases;
  /** Starts the work; answers how to stop it. */
  start(): () => Promise<void> | void;
}

export interface BackgroundDuties {
  /** Stops what this process runs and releases its leases, so another process takes over at once. */
  stop(): Promise<void>;
}

/**
 * The duties of a server beside answering requests, each under a lease so that exactly one process
 * runs it however many serve (cluster workers on one host, or hosts on one store):
 * - `projections` (lease on `hostLeases`, since read models are per host): the projection runner
 *   that keeps the read models following the log. Processes that do not run it still read their own
 *   writes: a command's `projections.waitFor` folds the missing page itself (applyBatch checks each
 *   checkpoint inside an immediate transaction, so two folders never apply an event twice).
 * - `sweeps` (lease on `leases`, shared by every host): the period-end sweep, the practice reminders
 *   and the teacher booking sweep.
 * Every process tries to take each lease every 1.5 s: the holder renews it, the others take it over
 * once a holder that died stopped renewing (within the 5 s term). Resolves once the first round is done,
 * so a process alone (a single server, a test server) is running its duties when this returns.
 */
export const startBackgroundDuties = async (backend: DutiesBackend): Promise<BackgroundDuties> => {
  // Unique per start (a pid is reused, a restarted worker must not inherit its predecessor's term).
  const holder = `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const duties: Duty[] = [
    {
      lease: 'projections',
      leases: backend.hostLeases,
      start: () => {
        backend.projections.start();
        return () => backend.projections.stop();
      },
    },
    {
      lease: 'sweeps',
      leases: backend.leases,
      start: () => {
        const stops = [
          startPeriodEndSweep(backend),
          startReminderScheduler(backend),
          startTeacherBookingSweep(backend),
        ];
        return () => stops.forEach((stop) => stop());
      },
    },
  ];
  let stopped = false;
  const running = new Map<Duty, () => Promise<void> | void>();
  /** A lease that could not be renewed is logged once per run of failures. */
  const failing = new Set<Duty>();

  const tend = async (duty: Duty) => {
    let holds: boolean;
    try {
      holds = await duty.leases.acquire(duty.lease, holder, DUTY_LEASE_TTL_MS);
      if (failing.delete(duty)) backend.logger.info({ lease: duty.lease }, 'lease store answers again');
    } catch (error) {
      // Not knowing is not holding: another process may take it over once the term ends.
      if (!failing.has(duty))
        backend.logger.warn({ err: error, lease: duty.lease }, 'could not renew a lease');
      failing.add(duty);
      holds = false;
    }
    const stop = running.get(duty);
    if (holds && !stop && !stopped) {
      running.set(duty, duty.start());
      backend.logger.info({ lease: duty.lease }, 'this process runs the background duty');
    } else if (!holds && stop) {
      running.delete(duty);
      await stop();
      backend.logger.info({ lease: duty.lease }, 'another process runs the background duty now');
    }
  };

  const tendAll = () =>
    Promise.all(duties.map(tend)).catch((error: unknown) =>
      backend.logger.error({ err: error }, 'background duties could not start or stop'),
    );
  let round = tendAll();
  await round;
  const timer = setInterval(() => {
    // One round at a time: a slow store must not pile renewals up.
    round = round.then(() => (stopped ? undefined : tendAll()));
  }, DUTY_LEASE_RENEW_MS);
  timer.unref();

  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await round;
      for (const [duty, stop] of running) {
        await stop();
        await duty.leases.release(duty.lease, holder).catch((error: unknown) => {
          backend.logger.warn({ err: error, lease: duty.lease }, 'could not release a lease');
        });
      }
      running.clear();
    },
  };
};
