import type { z } from 'zod';
import { PRICE_IDS } from '../rules/prices.js';
import { enumField, objectOf, requiredString } from './fields.js';
import { INPUT_LIMITS, VALIDATION_MESSAGES as M } from './validation-messages.js';

/** ?priceId= of GET /api/payment/create-checkout-session: one of our six price ids. */
export const checkoutQuerySchema = objectOf({ priceId: enumField(PRICE_IDS) });
export type CheckoutQuery = z.output<typeof checkoutQuerySchema>;

/** ?session_id= of GET /api/payment/session-status: an opaque provider id (Stripe: cs_test_...). */
export const sessionStatusQuerySchema = objectOf({
  session_id: requiredString(INPUT_LIMITS.sessionIdMaxLength, (text) =>
    text.regex(/^[A-Za-z0-9_-]+$/, M.sessionId),
  ),
});
export type SessionStatusQuery = z.output<typeof sessionStatusQuerySchema>;
