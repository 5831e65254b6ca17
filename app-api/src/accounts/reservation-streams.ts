import { createHash, createHmac } from 'node:crypto';
import { emailStreamId } from '@stickwork/domain';
import type { Config } from '../config.js';
import { loadOrCreateSecret, readExistingSecret } from '../secrets.js';

/** A reservation whose customer never got registered (a crash between the two appends) expires. */
export const STALE_RESERVATION_MS = 60_000;

/** Emails are unique regardless of case and surrounding blanks. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The names of the streams an email address is found by: its uniqueness reservation and its
 * newsletter consent. The one place those names are made (server, CLI, erasure, export, migration).
 */
export interface ReservationStreams {
  /** `email-<digest>`: the reservation that makes the address unique. */
  email(address: string): string;
  /** `newsletter-<digest>`: the address's confirmed newsletter subscription. */
  newsletter(address: string): string;
  /** Names the key (never shows it): a change of key moves the streams again at start. */
  readonly keyId: string;
}

const named = (keyId: string, digest: (normalized: string) => string): ReservationStreams => ({
  email: (address) => emailStreamId(digest(normalizeEmail(address))),
  newsletter: (address) => `newsletter-${digest(normalizeEmail(address))}`,
  keyId,
});

/**
 * HMAC-SHA-256 of the normalized address under a server secret: whoever holds the log but not the
 * secret cannot confirm a guessed address by hashing it.
 */
export const keyedReservationStreams = (secret: string): ReservationStreams =>
  named(
    createHmac('sha256', secret).update('stickwork reservation key id').digest('hex').slice(0, 16),
    (text) => createHmac('sha256', secret).update(text, 'utf8').digest('hex'),
  );

/**
 * The older, unkeyed names: a plain SHA-256 of the normalized address. Only for finding what an
 * older store holds (the move at start, erasure's leftovers, a read-only look at a store the
 * server has not started on since).
 */
export const unkeyedReservationStreams: ReservationStreams = named('sha256', (text) =>
  createHash('sha256').update(text, 'utf8').digest('hex'),
);

export const RESERVATION_SECRET_FILE = 'reservation-secret';
const REMEDY =
  'delete the file to have one generated, and the reservations are moved to its names at the next start, or set RESERVATION_SECRET';

/**
 * The names this installation uses: keyed by RESERVATION_SECRET, else by the secret generated into
 * DATA_DIR/secrets/ on first start (like the JWT secret). A read-only opening creates nothing: with
 * no secret yet, no server with keyed names has started on this store, so its names are unkeyed.
 */
export const reservationStreamsFor = (
  config: Pick<Config, 'dataDir' | 'reservationSecret'>,
  options: { readonly?: boolean } = {},
): ReservationStreams => {
  const secret =
    config.reservationSecret ??
    (options.readonly
      ? readExistingSecret(config.dataDir, RESERVATION_SECRET_FILE, REMEDY)
      : loadOrCreateSecret(config.dataDir, RESERVATION_SECRET_FILE, REMEDY));
  return secret === undefined ? unkeyedReservationStreams : keyedReservationStreams(secret);
};

/** Every name an address's reservation may have in this store: today's first, then the unkeyed one. */
export const reservationNamesOf = (reservations: ReservationStreams, address: string): string[] => [
  ...new Set([reservations.email(address), unkeyedReservationStreams.email(address)]),
];

/** The same for the newsletter stream. */
export const newsletterNamesOf = (reservations: ReservationStreams, address: string): string[] => [
  ...new Set([reservations.newsletter(address), unkeyedReservationStreams.newsletter(address)]),
];
