export { loadConfig, ConfigError, type Config, type StripeConfig } from './config.js';
export { createBackend, type Backend, type BackendOptions } from './backend.js';
export { createServer } from './server.js';
export { openStores, sqliteFileIn, type OpenedStores } from './adapters/event-store/open-event-store.js';
export type { Clock } from './clock.js';
export {
  checkSqliteIntegrity,
  type IntegrityCheck,
  type IntegrityReport,
} from './adapters/event-store/sqlite-integrity.js';
export { StartupError, describeStartupFailure } from './startup-error.js';
// Application services the operator CLI drives, so it never re-implements a rule of the API.
export { eraseAccount, erasePracticeHistory } from './accounts/erasure.js';
export { MAIL_REQUEST_ANSWER_MS } from './accounts/accounts-router.js';
export {
  createAccountsService,
  type AccountsService,
  type Registration,
} from './accounts/accounts-service.js';
export { findCustomerByEmail, loadCustomer, normalizeEmail } from './accounts/customer-records.js';
export {
  reservationStreamsFor,
  unkeyedReservationStreams,
  type ReservationStreams,
} from './accounts/reservation-streams.js';
export {
  createPlanService,
  periodEndAfter,
  type PlanGrant,
  type PlanService,
} from './payments/plan-service.js';
export { nextPeriodEndAt, settleAllPeriodEnds, settlePeriodEnds } from './payments/period-ends.js';
export { createPaymentsService, type PaymentsService } from './payments/payments-service.js';
export { pinTimeZone } from './accounts/customer-time-zone.js';
export {
  addTeacher,
  setTeacherAvailability,
  setTeacherMeetingLink,
  type NewTeacher,
} from './teacher-lessons/teachers-service.js';
export { settleTeacherBookings } from './teacher-lessons/teacher-booking-sweep.js';
export {
  createPracticeService,
  type PracticeService,
  type PracticeBackend,
  type Practitioner,
} from './practice/practice-service.js';
export { lessonCatalogue } from './practice/lesson-catalogue.js';
export { outboxDir, type Mailer, type OutgoingMail } from './adapters/mail/mailer.js';
export { HttpError } from './http/http-error.js';
export { hashPassword } from './auth/passwords.js';
