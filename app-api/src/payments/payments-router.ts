import express, { type RequestHandler, type Router } from 'express';
import {
  checkoutQuerySchema,
  sessionStatusQuerySchema,
  testPaymentRequestSchema,
  testPortalActionSchema,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { HttpError } from '../http/http-error.js';
import { domainErrorsAsHttp } from '../http/domain-errors-as-http.js';
import { AUTH_TOKEN_HEADER, authenticate, authOf, requireAuth } from '../auth/require-auth.js';
import { WebhookSignatureError } from '../adapters/payments/payment-provider.js';
import { WebhookPayloadError } from '../adapters/payments/stripe-webhook-schemas.js';
import { createPaymentsService } from './payments-service.js';
import { periodEndDue } from './period-ends.js';
import { validOr400 } from '../http/valid-or-400.js';

/**
 * Reads of the plan (customer-info, the token refresh, the practice limits) first settle the
 * customer's due period ends, so a reader never sees a subscription that has already ended.
 */
const PLAN_READS: { method: string; path: string }[] = [
  { method: 'GET', path: '/customer-info' },
  { method: 'GET', path: '/customer-info/subscription-status' },
  { method: 'GET', path: '/authenticate/update-jwt' },
  { method: 'GET', path: '/usage' },
  { method: 'POST', path: '/usage' },
  { method: 'POST', path: '/lesson/schedule' },
];

/**
 * The payment routes of product-spec §7, mounted under /api BEFORE the JSON body parser, since a
 * Stripe webhook's signature covers the raw body.
 *
 * | route | auth | answer |
 * |---|---|---|
 * | GET /payment/config | none | `{ provider: 'local'\|'stripe', publishableKey? }` |
 * | GET /payment/create-checkout-session?priceId= | token | `{ clientSecret }`; 400 unknown price; 409 already subscribed |
 * | GET /payment/session-status?session_id= | token | `{ status: 'open'\|'complete'\|'expired', customer_email }`; 404 not the customer's |
 * | GET /payment/create-customer-portal-session | token | `{ url }`; 400 nothing to manage |
 * | GET /payment/cancel-subscription | token | `{ cancelAt (unix s), cancelAtPeriodEnd: true }`; 400 nothing to cancel |
 * | POST /payment/webhook | Stripe-Signature | `{ received: true, outcome }`; 400 bad signature (nothing recorded) |
 * | POST /payment/test-payments/pay | token | local provider: `{ sessionId }`; 402 'Your card was declined.' |
 * | GET, POST /payment/test-payments/portal | token | local provider's portal: view, and `{ action }` |
 *
 * It also runs, in front of the login and schedule services: the period-end settlement before
 * reads of the plan, and the cancellation at period end before DELETE /api/delete/account.
 */
export const paymentsRouter = (backend: Backend): Router => {
  const service = createPaymentsService(backend);
  const authenticated = requireAuth(backend);
  const router = express.Router();
  const json = express.json({ limit: '10kb' });

  /**
   * The token's customer after the FULL check (signature, expiry, customer still there, issued
   * after the last password change), or null: a side effect never runs for a token the route
   * behind will refuse. The route answers a rejected token itself (401).
   */
  const customerIdOfToken = async (token: string | undefined): Promise<string | null> =>
    (await authenticate(backend, token))?.customerId ?? null;

  const settleBeforePlanRead: RequestHandler = async (req, res, next) => {
    const auth = await authenticate(backend, req.get(AUTH_TOKEN_HEADER));
    if (auth) {
      if (periodEndDue(auth.customer, backend.clock())) {
        try {
          await service.settle(auth.customerId);
        } catch (error) {
          req.log.error({ err: error }, 'period-end settlement before a read failed');
        }
      } else {
        // Nothing due, nothing written: the route behind takes this request's check as its own
        // (authenticateOnce) rather than reading the customer again.
        res.locals.auth = auth;
      }
    }
    next();
  };
  for (const { method, path } of PLAN_READS)
    router[method === 'GET' ? 'get' : 'post'](path, settleBeforePlanRead);

  router.delete('/delete/account', async (req, _res, next) => {
    const customerId = await customerIdOfToken(req.get(AUTH_TOKEN_HEADER));
    if (customerId) await service.cancelBeforeErasure(customerId);
    next();
  });

  router.get('/payment/config', (_req, res) => {
    res.json(service.config());
  });

  router.get('/payment/create-checkout-session', authenticated, async (req, res) => {
    const { priceId } = validOr400(checkoutQuerySchema, req.query);
    res.json(await service.createCheckoutSession(authOf(res).customerId, priceId));
  });

  router.get('/payment/session-status', authenticated, async (req, res) => {
    const { session_id } = validOr400(sessionStatusQuerySchema, req.query);
    res.json(await service.sessionStatus(authOf(res).customer, session_id));
  });

  router.get('/payment/create-customer-portal-session', authenticated, async (_req, res) => {
    res.json(await service.createPortalSession(authOf(res).customer));
  });

  router.get('/payment/cancel-subscription', authenticated, async (_req, res) => {
    res.json(await service.cancelSubscription(authOf(res).customerId));
  });

  router.post(
    '/payment/webhook',
    express.raw({ type: 'application/json', limit: '1mb' }),
    async (req, res) => {
      const body: unknown = req.body;
      if (!Buffer.isBuffer(body)) throw new HttpError(400, 'A webhook body must be JSON (application/json).');
      try {
        const outcome = await service.webhook(body, req.get('stripe-signature'));
        // Acknowledged so Stripe stops sending it: a type we do not handle, or not a subscription's invoice.
        if (outcome === 'ignored') req.log.info({ outcome }, 'webhook event ignored');
        res.json({ received: true, outcome });
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof WebhookPayloadError) {
          req.log.warn({ reason: error.message }, 'webhook refused');
          throw new HttpError(400, error.message);
        }
        throw error;
      }
    },
  );

  router.post('/payment/test-payments/pay', authenticated, json, async (req, res) => {
    const { clientSecret, ...card } = validOr400(testPaymentRequestSchema, req.body);
    res.json(await service.payTestCheckout(authOf(res).customerId, clientSecret, card));
  });

  router.get('/payment/test-payments/portal', authenticated, async (_req, res) => {
    res.json(await service.testPortal(authOf(res).customerId));
  });

  router.post('/payment/test-payments/portal', authenticated, json, async (req, res) => {
    const action = validOr400(testPortalActionSchema, req.body);
    res.json(await service.testPortalAction(authOf(res).customerId, action));
  });

  router.use(domainErrorsAsHttp);
  return router;
};
