import express, { type Response, type Router } from 'express';
import {
  authenticateRequestSchema,
  changePasswordRequestSchema,
  emailQuerySchema,
  fieldErrors,
  registerRequestSchema,
  timeZoneChangeRequestSchema,
  validationErrorBody,
  verifyEmailQuerySchema,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { domainErrorsAsHttp } from '../http/domain-errors-as-http.js';
import { authOf, requireAuth } from '../auth/require-auth.js';
import {
  createRateLimiter,
  DEFAULT_ACCOUNT_RATE_LIMITS,
  type AccountRateLimits,
  type LimitedBy,
  type RateLimit,
} from '../auth/rate-limits.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import { changeTimeZone } from './customer-time-zone.js';
import { ACCOUNT_MESSAGES, createAccountsService } from './accounts-service.js';
import { eraseAccount, erasePracticeHistory } from './erasure.js';
import { validOr400 } from '../http/valid-or-400.js';
import { practiceWriteLimit } from '../practice/practice-write-limit.js';
import { answerNoSoonerThan } from '../http/answer-no-sooner-than.js';

export const TOO_MANY_LOGIN_ATTEMPTS = 'Too many login attempts. Please wait a few minutes and try again.';
export const TOO_MANY_MAIL_REQUESTS = 'Too many email requests. Please wait a few minutes and try again.';
export const TOO_MANY_REGISTRATIONS = 'Too many registrations from your network. Please try again later.';

/**
 * Verification and recovery requests are answered this long after they arrive, whatever the
 * address: a known one takes a few milliseconds more (an event appended, a link signed; 5-40 ms
 * measured under load), which would otherwise tell who has an account.
 */
export const MAIL_REQUEST_ANSWER_MS = 250;

export interface AccountsRouterOptions {
  rateLimits?: Partial<AccountRateLimits>;
}

/** The web app shows a failed login's response body as it is, so those answers are plain text. */
const sendText = (res: Response, status: number, text: string) =>
  void res.status(status).type('text/plain').send(text);

/**
 * The login service of product-spec §7 (second table) without the payment routes, mounted under
 * /api. Protected routes take the login token from the x-auth-token header.
 */
export const accountsRouter = (backend: Backend, options: AccountsRouterOptions = {}): Router => {
  const accounts = createAccountsService(backend);
  const limits = { ...DEFAULT_ACCOUNT_RATE_LIMITS, ...options.rateLimits };
  const { logger, rateLimits: counters } = backend;
  const limiter = (
    name: string,
    limit: RateLimit,
    by: LimitedBy,
    respond: { text: string } | { message: string },
  ) => createRateLimiter({ ...limit, name, counters, by, respond, logger });
  const loginPerIp = limiter('login', limits.loginPerIp, 'ip', { text: TOO_MANY_LOGIN_ATTEMPTS });
  const mailPerIp = limiter('mail', limits.mailPerIp, 'ip', { message: TOO_MANY_MAIL_REQUESTS });
  const mailPerEmail = limiter(
    'mail',
    limits.mailPerEmail,
    { emailFrom: 'query' },
    {
      message: TOO_MANY_MAIL_REQUESTS,
    },
  );
  const registerPerIp = limiter('register', limits.registerPerIp, 'ip', {
    message: TOO_MANY_REGISTRATIONS,
  });
  const loginThrottle = createLoginThrottle(counters);
  const authenticated = requireAuth(backend);

  const router = express.Router();

  router.post('/register', registerPerIp, async (req, res) => {
    const { token } = await accounts.register(validOr400(registerRequestSchema, req.body));
    // clientSecret belongs to a checkout started at registration; the local provider starts none.
    res.status(201).json({ token, clientSecret: null });
  });

  router.post('/authenticate', loginPerIp, async (req, res) => {
    const input = fieldErrors(authenticateRequestSchema, req.body);
    if (!input.ok) return sendText(res, 400, validationErrorBody(input.errors).message);
    const { email } = input.value;
    const admission = await loginThrottle.admit(email, req.ip);
    if (!admission.allowed) {
      res.setHeader('retry-after', String(admission.retryAfterSeconds));
      return sendText(res, 429, TOO_MANY_LOGIN_ATTEMPTS);
    }
    const token = await accounts.authenticate(input.value);
    if (token === null) {
      await loginThrottle.failed(email, req.ip);
      return sendText(res, 401, ACCOUNT_MESSAGES.loginFailed);
    }
    await loginThrottle.succeeded(email, req.ip);
    res.json({ token });
  });

  router.get('/authenticate/update-jwt', authenticated, async (_req, res) => {
    res.json({ token: await accounts.refreshToken(authOf(res).customer) });
  });

  router.get('/verify/email/request-verification', mailPerIp, mailPerEmail, async (req, res) => {
    const { email } = validOr400(emailQuerySchema, req.query);
    const message = await answerNoSoonerThan(MAIL_REQUEST_ANSWER_MS, () =>
      accounts.requestVerificationMail(email),
    );
    res.json({ message });
  });

  router.get('/verify/email', async (req, res) => {
    const { secret } = validOr400(verifyEmailQuerySchema, req.query);
    res.json({ token: await accounts.verifyEmail(secret) });
  });

  router.get('/pw-recovery', mailPerIp, mailPerEmail, async (req, res) => {
    const { email } = validOr400(emailQuerySchema, req.query);
    const message = await answerNoSoonerThan(MAIL_REQUEST_ANSWER_MS, () =>
      accounts.requestPasswordRecovery(email),
    );
    res.json({ message });
  });

  router.post('/pw-recovery/change-password', async (req, res) => {
    res.json({ token: await accounts.changePassword(validOr400(changePasswordRequestSchema, req.body)) });
  });

  router.get('/customer-info', authenticated, (_req, res) => {
    res.json(accounts.customerInfo(authOf(res).customer));
  });

  router.get('/customer-info/subscription-status', authenticated, (_req, res) => {
    res.json(accounts.subscriptionStatus(authOf(res).customer));
  });

  router.get('/customer-info/time-zone', authenticated, (_req, res) => {
    res.json({ timeZone: authOf(res).customer.timeZone });
  });

  router.put('/customer-info/time-zone', authenticated, async (req, res) => {
    const { timeZone } = validOr400(timeZoneChangeRequestSchema, req.body);
    res.json({ timeZone: await changeTimeZone(backend, authOf(res).customerId, timeZone) });
  });

  // It appends to the practice stream and scrubs the read models: one of the practice writes.
  router.delete('/delete/customer-data', authenticated, practiceWriteLimit(backend), async (_req, res) => {
    await erasePracticeHistory(backend, authOf(res).customerId);
    res.json({ message: ACCOUNT_MESSAGES.practiceDataDeleted });
  });

  router.delete('/delete/account', authenticated, async (_req, res) => {
    await eraseAccount(backend, authOf(res).customerId);
    res.json({ message: ACCOUNT_MESSAGES.accountDeleted });
  });

  router.use(domainErrorsAsHttp);
  return router;
};
