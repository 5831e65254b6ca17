export { startTestServer, type TestServer } from './test-server.js';
export { PROTECTED_ROUTES, type ProtectedRoute } from './protected-routes.js';
export {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  registration,
  uniqueEmail,
  type ApiClient,
  type ApiResponse,
} from '../accounts/testing/account-fixtures.js';
export { issueLoginToken, LOGIN_TOKEN_LIFETIME_SECONDS, type LoginClaims } from '../auth/tokens.js';
export { issueSecret } from '../accounts/one-time-secrets.js';
// Tests and benchmarks set up a customer (a plan, a password change) through the one command path.
export { runCustomerCommand, type CustomerCommandInput } from '../accounts/customer-commands.js';
// The e2e journey of a reminder mail's unsubscribe page signs a link as the reminder sweep does.
export { reminderUnsubscribeSecret } from '../reminders/reminder-unsubscribe-secret.js';
// Specs that start servers as processes: a free loopback port, and a bounded wait for a condition.
export { freePort, until } from './server-process.js';
// Specs that search or list every table of a store file.
export { sqliteTablesAndColumns } from './sqlite-tables.js';
