/**
 * `@stickwork/app-api/stores`: the narrow entry the operator CLI's reading commands load, so they
 * start without HTTP, mail transports, payments or sheet-music engraving: the configuration, the
 * event and read-model stores, and the few names a reader needs.
 */
export { loadConfig, ConfigError, type Config } from './config.js';
export {
  openStores,
  sqliteFileIn,
  READ_MODELS_FILE_NAME,
  type OpenedStores,
} from './adapters/event-store/open-event-store.js';
export {
  reservationNamesOf,
  reservationStreamsFor,
  type ReservationStreams,
} from './accounts/reservation-streams.js';
export { checkStoreFile, type IntegrityReport } from './adapters/event-store/sqlite-integrity.js';
export { HttpError } from './http/http-error.js';
export { systemClock, type Clock } from './clock.js';
// The "Download my data" zip is `@stickwork/app-api/customer-export`: only
// `stickwork customer export` loads its zip library.
