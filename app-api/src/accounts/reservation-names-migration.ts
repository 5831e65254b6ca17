import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  customerStreamId,
  emailReservationEventSchemaVersions,
  isWrongExpectedRevision,
  type EventStore,
  type EventToAppend,
} from '@stickwork/domain';
import { ERASED_PERSONAL_DATA } from '../adapters/personal-data-keys/personal-data-codec.js';
import { STALE_RESERVATION_MS, type ReservationStreams } from './reservation-streams.js';
import { errnoWords, StartupError } from '../startup-error.js';

/** In DATA_DIR: which key the reservations were last moved to, so a later start only reads this file. */
export const RESERVATION_NAMES_MARKER = 'reservation-names.json';

const PAGE = 1_000;

interface Marker {
  keyId: string;
  movedAt: string;
}

export interface ReservationMove {
  /** Reservations written under today's name. */
  reserved: number;
  /** Newsletter streams copied to today's name. */
  newsletters: number;
  /** Streams deleted: the old names, and reservations left by a crash long ago. */
  deleted: number;
}

const readMarker = (file: string): Marker | null => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Marker;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return null;
    throw new StartupError(`the marker file ${path.resolve(file)} cannot be read: ${errnoWords(error)}`);
  }
};

const writeMarker = (file: string, marker: Marker) => {
  const draft = `${file}.${process.pid}.draft`;
  fs.writeFileSync(draft, `${JSON.stringify(marker)}\n`, { mode: 0o600 });
  fs.renameSync(draft, file);
};

/** An address as the store hands it back: a shredded or missing one names no stream. */
const addressOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== ERASED_PERSONAL_DATA && value.includes('@') ? value : null;

/** Appends to a stream that must not exist yet; one that does (an earlier, interrupted run) is left as it is. */
const appendIfNew = async (
  store: EventStore,
  streamId: string,
  events: EventToAppend[],
): Promise<boolean> => {
  try {
    await store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
    return true;
  } catch (error) {
    if (isWrongExpectedRevision(error)) return false;
    throw error;
  }
};

/**
 * Puts every `email-` reservation and `newsletter-` stream under the name `reservations` makes
 * (a keyed digest instead of the plain SHA-256 of the address). The address is known only
 * from the registrations and newsletter confirmations (opened by the store seam), so the log is read
 * once: each registered customer gets `EmailReserved` under today's name (expected revision no
 * stream, with the old reservation's time), each newsletter stream is copied there, and the old
 * streams are deleted. Reservations of no registered customer older than a minute (a crash between
 * the two appends of a registration) are deleted too, as registration would release them.
 *
 * Idempotent: every step checks what is there, so a run interrupted anywhere finishes at the next
 * start, and a run over a moved store changes nothing. A marker in DATA_DIR with the key's id makes
 * later starts skip the read; a new key (RESERVATION_SECRET changed, the secret file deleted) moves
 * everything again. Answers null when the marker says it is done.
 */
export const moveReservationsToKeyedNames = async ({
  store,
  reservations,
  dataDir,
  logger,
  now = new Date(),
}: {
  store: EventStore;
  reservations: ReservationStreams;
  dataDir: string;
  logger?: Pick<Logger, 'info'>;
  now?: Date;
}): Promise<ReservationMove | null> => {
  const markerFile = path.join(dataDir, RESERVATION_NAMES_MARKER);
  if (readMarker(markerFile)?.keyId === reservations.keyId) return null;

  const registrations = new Map<string, { email: string; registeredAt: string }>();
  const reservationStreams = new Map<string, { customerId: string; reservedAt: string }>();
  const newsletterStreams = new Map<string, string | null>();
  let after: number | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: PAGE });
    after = page.at(-1)?.position;
    for (const event of page) {
      const data = event.data as Record<string, unknown>;
      if (
        event.type === 'CustomerRegistered' &&
        event.streamId === customerStreamId(String(data.customerId))
      ) {
        const email = addressOf(data.email);
        if (email)
          registrations.set(String(data.customerId), { email, registeredAt: String(data.registeredAt) });
      } else if (event.type === 'EmailReserved' && event.streamId.startsWith('email-')) {
        if (!reservationStreams.has(event.streamId))
          reservationStreams.set(event.streamId, {
            customerId: String(data.customerId),
            reservedAt: String(data.reservedAt),
          });
      } else if (
        event.type === 'NewsletterSubscriptionConfirmed' &&
        event.streamId.startsWith('newsletter-')
      ) {
        if (!newsletterStreams.has(event.streamId))
          newsletterStreams.set(event.streamId, addressOf(data.email));
      }
    }
    if (page.length < PAGE) break;
  }

  const move: ReservationMove = { reserved: 0, newsletters: 0, deleted: 0 };
  const reservedAtOf = new Map(
    [...reservationStreams.values()].map((held) => [held.customerId, held.reservedAt]),
  );
  const kept = new Set<string>();
  for (const [customerId, { email, registeredAt }] of registrations) {
    const name = reservations.email(email);
    kept.add(name);
    if (reservationStreams.has(name)) continue;
    const reservedAt = reservedAtOf.get(customerId) ?? registeredAt;
    const reserved: EventToAppend = {
      type: 'EmailReserved',
      data: { customerId, reservedAt },
      metadata: { schemaVersion: emailReservationEventSchemaVersions.EmailReserved, time: reservedAt },
    };
    if (await appendIfNew(store, name, [reserved])) move.reserved += 1;
  }
  for (const [stream, { customerId, reservedAt }] of reservationStreams) {
    if (kept.has(stream)) continue;
    const stale = now.getTime() - Date.parse(reservedAt) >= STALE_RESERVATION_MS;
    // A fresh one of nobody registered yet is a registration under way: not ours to touch.
    if (!registrations.has(customerId) && !stale) continue;
    await store.deleteStream(stream);
    move.deleted += 1;
  }

  for (const [stream, email] of newsletterStreams) {
    // One whose address no longer opens (its key is gone) names nothing that can be computed.
    if (email === null) continue;
    const name = reservations.newsletter(email);
    if (name === stream) continue;
    const events = await store.readStream(stream);
    const copies = events.map(({ type, data, metadata }) => ({ type, data, metadata }));
    if (copies.length > 0 && (await appendIfNew(store, name, copies))) move.newsletters += 1;
    await store.deleteStream(stream);
    move.deleted += 1;
  }

  writeMarker(markerFile, { keyId: reservations.keyId, movedAt: now.toISOString() });
  logger?.info(move, 'reservation and newsletter streams are under keyed names');
  return move;
};
