import type { Logger } from 'pino';
import {
  createSnapshots,
  practiceStateCodec,
  type EventStore,
  type PracticeState,
  type Snapshots,
} from '@stickwork/domain';
import {
  ALL_PROJECTIONS,
  createProjectionRunner,
  type ProjectionRunner,
  type ReadModelStore,
} from '@stickwork/projections';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { createLogger } from './logger.js';
import { withStaleReadModelsNotice } from './stale-read-models.js';
import { loadOrCreateSecret } from './secrets.js';
import { ensureWritableDataDir } from './startup-error.js';
import { tightenDataDirModes } from './data-dir-modes.js';
import { reservationStreamsFor, type ReservationStreams } from './accounts/reservation-streams.js';
import { moveReservationsToKeyedNames } from './accounts/reservation-names-migration.js';
import type { RateLimitCounters } from './auth/rate-limit-counters.js';
import { openStores } from './adapters/event-store/open-event-store.js';
import type { Leases } from './adapters/leases/leases.js';
import { assertEventStoreReachable } from './adapters/event-store/eventstoredb-reachability.js';
import { withRequestCorrelation } from './adapters/event-store/request-correlated-event-store.js';
import { withReadModelsInAppend } from './adapters/event-store/read-models-in-append.js';
import {
  assertOutboxIsAFolder,
  createOutboxMailer,
  createSmtpMailer,
  type Mailer,
} from './adapters/mail/mailer.js';
import { withErasureScrubOnEveryHost } from './accounts/erasure-on-every-host.js';
import { createPaymentProvider, type PaymentPort } from './adapters/payments/create-payment-provider.js';

/**
 * The composition root: everything the HTTP server and the CLI share, wired from the
 * configuration, with no HTTP in it.
 */
export interface Backend {
  config: Config;
  logger: Logger;
  clock: Clock;
  store: EventStore;
  readModels: ReadModelStore;
  projections: ProjectionRunner;
  /** Decision state of `practice-` streams by revision: a command reads only the events after it. */
  practiceSnapshots: Snapshots<PracticeState>;
  mailer: Mailer;
  /** Stripe when configured, else the local test-payment provider. */
  payments: PaymentPort;
  jwtSecret: string;
  /** Names the `email-` and `newsletter-` streams by a keyed digest of the address. */
  reservations: ReservationStreams;
  /** Rate-limit counters (SQLite table `rate_limits`, shared by the host's processes). */
  rateLimits: RateLimitCounters;
  /**
   * Leases of this host's processes (always the host's local SQLite file: the event-store file embedded,
   * the read-model file beside EventStoreDB), for duties per host such as folding the read models.
   */
  hostLeases: Leases;
  /**
   * Leases shared by every host, for duties that must run once in all (the sweeps, the reminders):
   * PostgreSQL with DATABASE_URL, else the host's own.
   */
  leases: Leases;
  /** With DATABASE_URL: rejects when PostgreSQL cannot be reached now (health); else undefined. */
  probeShared: (() => Promise<void>) | undefined;
  /** Throws when the store's local file cannot take a write (health). */
  probeWrite(): void;
  /** Pushes deleted bytes out of the store's files (after an erasure). */
  compactStore(): void;
  /** Erasure: deletes this host's rows keyed by the customer's streams (CUSTOMER_DATA_TABLES). */
  scrubRowsOfStreams(customerId: string): void;
  close(): Promise<void>;
}

/**
 * Logs, once per stream and process, sealed personal data whose key is missing although no erasure
 * was recorded: a lost or wrong key store, never to be mistaken for an erasure. The stream id only.
 */
const reportMissingKey = (logger: Logger) => {
  const reported = new Set<string>();
  return (streamId: string) => {
    if (reported.has(streamId)) return;
    reported.add(streamId);
    logger.error(
      { streamId },
      'personal-data key missing without a recorded erasure: this stream reads as unreadable (restore the key store)',
    );
  };
};

export interface BackendOptions {
  logger?: Logger;
  clock?: Clock;
  /** Open the store read-only (the CLI's inspecting commands). */
  readonly?: boolean;
}

export const createBackend = async (config: Config, options: BackendOptions = {}): Promise<Backend> => {
  const readonly = options.readonly ?? false;
  // A read-only opening (the CLI inspecting a store) creates nothing in DATA_DIR.
  if (!readonly) ensureWritableDataDir(config.dataDir);
  const logger = options.logger ?? createLogger(config);
  if (!readonly) tightenDataDirModes(config.dataDir, logger);
  if (!readonly && !config.smtpUrl) assertOutboxIsAFolder(config.dataDir);
  const jwtSecret = config.jwtSecret ?? (readonly ? '' : loadOrCreateSecret(config.dataDir, 'jwt-secret'));
  const stores = await openStores(config, { readonly, logger, onMissingKey: reportMissingKey(logger) });
  if (config.eventStoreConnectionString)
    await assertEventStoreReachable(stores.store, config.eventStoreConnectionString).catch(
      async (error: unknown) => {
        await stores.close().catch(() => undefined);
        throw error;
      },
    );
  // A lost or wrong key store must not serve every customer as erased.
  if (!readonly)
    await stores.assertPersonalDataKeys().catch(async (error: unknown) => {
      await stores.close().catch(() => undefined);
      throw error;
    });
  const reservations = reservationStreamsFor(config, { readonly });
  // Before anything reads a reservation: an older store has them under unkeyed names.
  if (!readonly)
    await moveReservationsToKeyedNames({
      store: stores.store,
      reservations,
      dataDir: config.dataDir,
      logger,
    }).catch(async (error: unknown) => {
      await stores.close().catch(() => undefined);
      throw error;
    });
  // Appends made while serving a request carry its id (metadata.correlationId).
  const correlated = withRequestCorrelation(stores.store);
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(config.dataDir, config.mailFrom, logger);
  // An erasure served by another host on the same log is scrubbed from this host's files as its
  // projections fold it (its outbox, its rows keyed by the customer's streams, its read-model file).
  const foldedReadModels = withErasureScrubOnEveryHost(stores.readModels, {
    eraseMailsAbout: (email) => mailer.eraseMailsAbout(email),
    scrubRowsOfStreams: stores.scrubRowsOfStreams,
    compact: stores.compact,
    logger,
  });
  const projections = withStaleReadModelsNotice(
    createProjectionRunner(correlated, foldedReadModels, ALL_PROJECTIONS, { logger }),
    stores.readModels,
  );
  // A write's events and its read models commit together (embedded SQLite).
  const store = withReadModelsInAppend(correlated, projections);
  const clock = options.clock ?? systemClock;
  const payments = createPaymentProvider(config, { store, clock, signingKey: jwtSecret });
  return {
    config,
    logger,
    clock,
    store,
    readModels: stores.readModels,
    projections,
    practiceSnapshots: createSnapshots(practiceStateCodec, stores.snapshots),
    mailer,
    payments,
    jwtSecret,
    reservations,
    rateLimits: stores.rateLimits,
    hostLeases: stores.leases,
    leases: stores.sharedLeases,
    probeShared: stores.probeShared,
    probeWrite: stores.probeWrite,
    compactStore: stores.compact,
    scrubRowsOfStreams: stores.scrubRowsOfStreams,
    close: async () => {
      await projections.stop();
      await stores.close();
    },
  };
};
