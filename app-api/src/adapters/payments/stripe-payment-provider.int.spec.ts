import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { customerStreamId } from '@stickwork/domain';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { decodeJwtPayload, linkIn, mailsTo } from '../../accounts/testing/account-fixtures.js';
import { paymentLedgerStreamId } from '../../payments/payment-ledger.js';
import { PAYMENT_GRACE_DAYS, settlePeriodEnds } from '../../payments/period-ends.js';
import { registerPayingCustomer, type Customer } from '../../payments/testing/payment-fixtures.js';
import {
  fakeSubscription,
  startFakeStripeServer,
  type FakeStripeServer,
} from './testing/fake-stripe-server.js';

const WEBHOOK_SECRET = 'whsec_test_stickwork';
const STRIPE_PRICES = {
  STRIPE_PRICE_BASIC_MONTHLY: 'price_1Basic',
  STRIPE_PRICE_BASIC_YEARLY: 'price_1BasicY',
  STRIPE_PRICE_PREMIUM_MONTHLY: 'price_1Premium',
  STRIPE_PRICE_PREMIUM_YEARLY: 'price_1PremiumY',
  STRIPE_PRICE_EXCLUSIVE_MONTHLY: 'price_1Exclusive',
  STRIPE_PRICE_EXCLUSIVE_YEARLY: 'price_1ExclusiveY',
};
const DAY_S = 24 * 60 * 60;

let fake: FakeStripeServer;
let server: TestServer;
let now = new Date('2026-05-04T10:00:00.000Z');
const clock = () => new Date(now);
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
/** Stripe's event times follow the clock, a second apart, like a real sequence of webhooks. */
let eventSeconds = 0;
const nextEventTime = () => unix(now) + ++eventSeconds;

beforeAll(async () => {
  fake = await startFakeStripeServer();
  server = await startTestServer(
    {
      STRIPE_SECRET_KEY: 'sk_test_stickwork',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stickwork',
      STRIPE_API_URL: fake.url,
      PUBLIC_URL: 'https://stickwork.example',
      ...STRIPE_PRICES,
    },
    { clock },
  );
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => {
  now = new Date('2026-05-04T10:00:00.000Z');
  eventSeconds = 0;
});

const register = () => registerPayingCustomer(server, clock);

const signed = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};

const postWebhook = async (payload: string, signature: string | undefined) => {
  const response = await fetch(`${server.url}/api/payment/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

let eventCount = 0;
const stripeEvent = (type: string, object: object, created = nextEventTime()) => ({
  id: `evt_test_${++eventCount}`,
  object: 'event',
  api_version: Stripe.API_VERSION,
  created,
  type,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

const deliver = async (event: object) => {
  const { payload, signature } = signed(event);
  return postWebhook(payload, signature);
};

const trialingSubscription = (customer: Customer, id = `sub_${customer.customerId.slice(0, 8)}`) =>
  fakeSubscription({
    id,
    customerId: customer.customerId,
    stripePrice: STRIPE_PRICES.STRIPE_PRICE_PREMIUM_MONTHLY,
    status: 'trialing',
    trialEnd: unix(now) + 14 * DAY_S,
    currentPeriodEnd: unix(now) + 14 * DAY_S,
    providerCustomerId: `cus_${customer.customerId.slice(0, 8)}`,
  });

const customerInfo = async (customer: Customer) =>
  (await customer.api.get('/api/customer-info')).json as {
    status: string;
    cancelAt: number | null;
    cancelAtPeriodEnd: boolean;
  };

const storedTypes = async (streamId: string) =>
  (await server.backend.store.readStream(streamId)).map((event) => event.type);

const requestsTo = (method: string, path: string) =>
  fake.requests.filter((request) => request.method === method && request.path === path);

describe('the Stripe adapter against a local fake of the Stripe API', () => {
  it('reports Stripe as the provider, with the publishable key', async () => {
    await expect((await fetch(`${server.url}/api/payment/config`)).json()).resolves.toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_stickwork',
    });
  });

  it('creates an embedded checkout session for our customer, with the trial on a first subscription only', async () => {
    const customer = await register();
    const response = await customer.api.get(
      '/api/payment/create-checkout-session?priceId=price_premium_monthly',
    );
    expect(response.status).toBe(200);
    const created = requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === customer.customerId)!;
    expect(response.json).toEqual({ clientSecret: session.client_secret });
    expect(created.params).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'subscription',
      'line_items[0][price]': STRIPE_PRICES.STRIPE_PRICE_PREMIUM_MONTHLY,
      'line_items[0][quantity]': '1',
      client_reference_id: customer.customerId,
      customer_email: customer.email,
      return_url: 'https://stickwork.example/return?session_id={CHECKOUT_SESSION_ID}',
      'metadata[customerId]': customer.customerId,
      'subscription_data[metadata][customerId]': customer.customerId,
      'subscription_data[trial_period_days]': '14',
    });

    // The subscription starts, runs and ends; a second checkout has no trial.
    const subscription = trialingSubscription(customer);
    await deliver(stripeEvent('customer.subscription.created', subscription));
    await deliver(stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }));
    expect((await customerInfo(customer)).status).toBe('canceled');
    await customer.api.get('/api/payment/create-checkout-session?priceId=price_basic_yearly');
    const second = requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(second.params['line_items[0][price]']).toBe(STRIPE_PRICES.STRIPE_PRICE_BASIC_YEARLY);
    expect(second.params).not.toHaveProperty('subscription_data[trial_period_days]');
    expect(second.params['subscription_data[metadata][customerId]']).toBe(customer.customerId);
  });

  it('answers the session status from Stripe, only to the customer whose session it is', async () => {
    const customer = await register();
    await customer.api.get('/api/payment/create-checkout-session?priceId=price_basic_monthly');
    const sessionId = [...fake.sessions.values()].find(
      (s) => s.client_reference_id === customer.customerId,
    )!.id;
    expect((await customer.api.get(`/api/payment/session-status?session_id=${sessionId}`)).json).toEqual({
      status: 'open',
      customer_email: customer.email,
    });
    Object.assign(fake.sessions.get(sessionId)!, {
      status: 'complete',
      customer_details: { email: 'billing@example.com' },
    });
    expect((await customer.api.get(`/api/payment/session-status?session_id=${sessionId}`)).json).toEqual({
      status: 'complete',
      customer_email: 'billing@example.com',
    });
    const stranger = await register();
    expect((await stranger.api.get(`/api/payment/session-status?session_id=${sessionId}`)).status).toBe(404);
    expect((await customer.api.get('/api/payment/session-status?session_id=cs_test_unknown')).status).toBe(
      404,
    );
  });

  it('opens the Stripe customer portal for the Stripe customer', async () => {
    const customer = await register();
    expect((await customer.api.get('/api/payment/create-customer-portal-session')).status).toBe(400);
    await deliver(stripeEvent('customer.subscription.created', trialingSubscription(customer)));
    const portal = await customer.api.get('/api/payment/create-customer-portal-session');
    expect(portal.json).toEqual({ url: 'https://billing.stripe.com/p/session/test_fake' });
    expect(requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params).toEqual({
      customer: `cus_${customer.customerId.slice(0, 8)}`,
      return_url: 'https://stickwork.example/account-settings',
    });
  });

  it('cancels at period end at Stripe; customer-info shows cancelAt and cancelAtPeriodEnd', async () => {
    const customer = await register();
    const subscription = trialingSubscription(customer);
    fake.subscriptions.set(subscription.id, subscription);
    await deliver(stripeEvent('customer.subscription.created', subscription));
    const canceled = await customer.api.get('/api/payment/cancel-subscription');
    expect(canceled.status).toBe(200);
    expect(requestsTo('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!.params).toEqual({
      cancel_at_period_end: 'true',
    });
    const periodEnd = subscription.items.data[0]!.current_period_end;
    expect(canceled.json).toEqual({ cancelAt: periodEnd, cancelAtPeriodEnd: true });
    expect(await customerInfo(customer)).toEqual(
      expect.objectContaining({ status: 'trialing', cancelAt: periodEnd, cancelAtPeriodEnd: true }),
    );
  });

  it('deleting the account cancels the Stripe subscription at period end first', async () => {
    const customer = await register();
    const subscription = trialingSubscription(customer);
    fake.subscriptions.set(subscription.id, subscription);
    await deliver(stripeEvent('customer.subscription.created', subscription));
    expect((await customer.api.delete('/api/delete/account')).status).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    expect(await storedTypes(customerStreamId(customer.customerId))).toEqual([]);
  });
});

describe('the Stripe webhook', () => {
  it('follows the life cycle: created (trialing) → invoice paid (active) → payment failed (past_due) → deleted', async () => {
    const customer = await register();
    const subscription = trialingSubscription(customer);
    fake.subscriptions.set(subscription.id, subscription);

    expect(await deliver(stripeEvent('customer.subscription.created', subscription))).toEqual({
      status: 200,
      json: { received: true, outcome: 'applied' },
    });
    expect((await customerInfo(customer)).status).toBe('trialing');
    const token = (await customer.api.get('/api/authenticate/update-jwt')).json as { token: string };
    expect(decodeJwtPayload(token.token)).toMatchObject({
      subscription_status: 'trialing',
      activeTier: 'premium',
    });

    // Invoices name their subscription; the adapter reads its current state from Stripe.
    Object.assign(subscription, { status: 'active', trial_end: null });
    subscription.items.data[0]!.current_period_end += 30 * DAY_S;
    const invoice = (id: string) => ({
      id,
      object: 'invoice',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
    });
    await deliver(stripeEvent('invoice.paid', invoice('in_1')));
    expect((await customerInfo(customer)).status).toBe('active');

    await deliver(stripeEvent('invoice.payment_failed', invoice('in_2')));
    expect((await customerInfo(customer)).status).toBe('past_due');

    await deliver(stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }));
    expect(await customerInfo(customer)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(await storedTypes(customerStreamId(customer.customerId))).toEqual(
      expect.arrayContaining([
        'SubscriptionStarted',
        'SubscriptionActivated',
        'SubscriptionPaymentFailed',
        'SubscriptionEnded',
      ]),
    );
  });

  it('starts the subscription on checkout.session.completed, found through client_reference_id', async () => {
    const customer = await register();
    const subscription = { ...trialingSubscription(customer), metadata: {} };
    fake.subscriptions.set(subscription.id, subscription);
    const session = {
      id: 'cs_test_done',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      client_reference_id: customer.customerId,
      subscription: subscription.id,
    };
    expect((await deliver(stripeEvent('checkout.session.completed', session))).json.outcome).toBe('applied');
    expect(requestsTo('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect((await customerInfo(customer)).status).toBe('trialing');
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const customer = await register();
    const event = stripeEvent('customer.subscription.created', trialingSubscription(customer));
    const forged = signed(event, 'whsec_someone_else');
    expect((await postWebhook(forged.payload, forged.signature)).status).toBe(400);
    expect((await postWebhook(forged.payload, undefined)).status).toBe(400);
    const genuine = signed(event);
    const tampered = genuine.payload.replace('"trialing"', '"active"');
    expect((await postWebhook(tampered, genuine.signature)).status).toBe(400);

    expect(await storedTypes(paymentLedgerStreamId(customer.customerId))).toEqual([]);
    expect(
      (await storedTypes(customerStreamId(customer.customerId))).filter((t) => t.startsWith('Subscription')),
    ).toEqual([]);
    expect((await customerInfo(customer)).status).toBe('freemium');
  });

  it('applies each event id once: a replay is acknowledged and changes nothing', async () => {
    const customer = await register();
    const subscription = trialingSubscription(customer);
    await deliver(stripeEvent('customer.subscription.created', subscription));
    const cancel = stripeEvent('customer.subscription.updated', {
      ...subscription,
      cancel_at_period_end: true,
    });
    expect((await deliver(cancel)).json.outcome).toBe('applied');
    // The customer resumes in the portal; then Stripe retries the old cancel delivery.
    await deliver(stripeEvent('customer.subscription.updated', subscription));
    expect((await customerInfo(customer)).cancelAtPeriodEnd).toBe(false);
    const streamBefore = await storedTypes(customerStreamId(customer.customerId));

    expect(await deliver(cancel)).toEqual({ status: 200, json: { received: true, outcome: 'duplicate' } });
    expect(await deliver(cancel)).toEqual({ status: 200, json: { received: true, outcome: 'duplicate' } });
    expect(await storedTypes(customerStreamId(customer.customerId))).toEqual(streamBefore);
    expect((await customerInfo(customer)).cancelAtPeriodEnd).toBe(false);
    expect(await storedTypes(paymentLedgerStreamId(customer.customerId))).toHaveLength(3);
  });

  it('applies concurrent deliveries of one event once', async () => {
    const customer = await register();
    const event = stripeEvent('customer.subscription.created', trialingSubscription(customer));
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => deliver(event)));
    expect(outcomes.map((outcome) => outcome.json.outcome).sort()).toEqual([
      'applied',
      ...Array<string>(7).fill('duplicate'),
    ]);
    expect(await storedTypes(customerStreamId(customer.customerId))).toContain('SubscriptionStarted');
    expect(await storedTypes(paymentLedgerStreamId(customer.customerId))).toEqual(['ProviderEventApplied']);
  });

  it('an older customer.subscription.updated arriving after a newer one changes nothing', async () => {
    const customer = await register();
    const subscription = trialingSubscription(customer);
    await deliver(stripeEvent('customer.subscription.created', subscription));
    const older = stripeEvent('customer.subscription.updated', {
      ...subscription,
      items: {
        ...subscription.items,
        data: [
          {
            ...subscription.items.data[0]!,
            price: { id: STRIPE_PRICES.STRIPE_PRICE_BASIC_MONTHLY, object: 'price' },
          },
        ],
      },
    });
    const newer = stripeEvent('customer.subscription.updated', {
      ...subscription,
      cancel_at_period_end: true,
    });
    expect((await deliver(newer)).json.outcome).toBe('applied');
    const streamBefore = await storedTypes(customerStreamId(customer.customerId));

    expect(await deliver(older)).toEqual({ status: 200, json: { received: true, outcome: 'stale' } });
    expect(await storedTypes(customerStreamId(customer.customerId))).toEqual(streamBefore);
    const token = (await customer.api.get('/api/authenticate/update-jwt')).json as { token: string };
    expect(decodeJwtPayload(token.token)).toMatchObject({ activeTier: 'premium' });
    expect((await customerInfo(customer)).cancelAtPeriodEnd).toBe(true);
    // A replay of the stale event is a duplicate now.
    expect((await deliver(older)).json.outcome).toBe('duplicate');
  });

  it.each([
    ['the newer first', ['resumed', 'cancelled'] as const],
    ['the older first', ['cancelled', 'resumed'] as const],
  ])(
    'applies events of one second by the subscription Stripe has now, whichever arrives last (%s)',
    async (_order, arrival) => {
      const customer = await register();
      const subscription = trialingSubscription(customer);
      fake.subscriptions.set(subscription.id, subscription);
      await deliver(stripeEvent('customer.subscription.created', subscription));
      // Within one second the customer cancelled at period end, then resumed: Stripe now has no cancellation.
      const second = nextEventTime();
      const events = {
        cancelled: stripeEvent(
          'customer.subscription.updated',
          { ...subscription, cancel_at_period_end: true },
          second,
        ),
        resumed: stripeEvent(
          'customer.subscription.updated',
          { ...subscription, cancel_at_period_end: false },
          second,
        ),
      };
      for (const which of arrival) expect((await deliver(events[which])).json.outcome).toBe('applied');
      expect(await customerInfo(customer)).toMatchObject({ cancelAt: null, cancelAtPeriodEnd: false });
      expect(requestsTo('GET', `/v1/subscriptions/${subscription.id}`).length).toBeGreaterThan(0);
    },
  );

  it('acknowledges events it does not handle, and events for no customer of ours', async () => {
    expect(
      (await deliver(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }))).json,
    ).toEqual({
      received: true,
      outcome: 'ignored',
    });
    const stranger = fakeSubscription({
      id: 'sub_foreign',
      customerId: '',
      stripePrice: 'price_1Basic',
      status: 'active',
      currentPeriodEnd: unix(now) + DAY_S,
    });
    stranger.metadata = {};
    expect((await deliver(stripeEvent('customer.subscription.updated', stranger))).json.outcome).toBe(
      'unmatched',
    );
  });

  it(`ends an overdue subscription after ${PAYMENT_GRACE_DAYS} days, cancelling it at Stripe`, async () => {
    const customer = await register();
    const subscription = { ...trialingSubscription(customer), status: 'past_due', trial_end: null };
    fake.subscriptions.set(subscription.id, subscription);
    await deliver(stripeEvent('customer.subscription.created', subscription));
    expect((await customerInfo(customer)).status).toBe('past_due');

    now = new Date(now.getTime() + (PAYMENT_GRACE_DAYS * DAY_S - 60) * 1000);
    await settlePeriodEnds(server.backend, customer.customerId);
    expect(requestsTo('DELETE', `/v1/subscriptions/${subscription.id}`)).toHaveLength(0);
    now = new Date(now.getTime() + 120_000);
    expect((await customerInfo(customer)).status).toBe('canceled');
    expect(requestsTo('DELETE', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
  });
});

describe('the subscription confirmation mail with Stripe', () => {
  /** The mails to the customer after registration (whose verification mail comes first). */
  const mailsAfterRegistration = async (customer: Customer) =>
    (await mailsTo(server.dataDir, customer.email)).slice(1);

  const checkoutCompleted = (customer: Customer, subscriptionId: string, created?: number) =>
    stripeEvent(
      'checkout.session.completed',
      {
        id: `cs_test_${customer.customerId.slice(0, 8)}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        client_reference_id: customer.customerId,
        subscription: subscriptionId,
      },
      created,
    );

  it('goes out once, however often and in whichever form Stripe reports the start', async () => {
    const customer = await register();
    expect(await mailsTo(server.dataDir, customer.email)).toHaveLength(1);
    const subscription = trialingSubscription(customer);
    fake.subscriptions.set(subscription.id, subscription);
    const created = stripeEvent('customer.subscription.created', subscription);

    expect((await deliver(created)).json.outcome).toBe('applied');
    expect((await deliver(created)).json.outcome).toBe('duplicate');
    // The same subscription again under another event id: applied, but nothing new starts.
    expect((await deliver(checkoutCompleted(customer, subscription.id))).json.outcome).toBe('applied');

    const mails = await mailsAfterRegistration(customer);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text ?? '';
    expect(mails[0]!.subject).toBe('Welcome to Stickwork Premium');
    expect(text).toMatch(/^Hi Ringo,\n/);
    expect(text).toContain('Your plan: Premium, billed monthly, 15.99 € per month.');
    expect(text).toContain(
      'Your 14-day free trial runs until 18 May 2026; you will not be charged before then.',
    );
    // A real payment: no test-payment note.
    expect(text).not.toContain('test payment');
    expect(linkIn(mails[0]!).href).toBe('https://stickwork.example/launch-overview');
  });

  it('goes out once for concurrent deliveries of one start', async () => {
    const customer = await register();
    const subscription = trialingSubscription(customer);
    fake.subscriptions.set(subscription.id, subscription);
    const created = stripeEvent('customer.subscription.created', subscription);
    // Stripe stamps both in the same second, so neither is older than the other.
    const completed = checkoutCompleted(customer, subscription.id, created.created);
    const outcomes = await Promise.all([
      ...Array.from({ length: 4 }, () => deliver(created)),
      ...Array.from({ length: 4 }, () => deliver(completed)),
    ]);
    expect(outcomes.filter((outcome) => outcome.json.outcome === 'applied')).toHaveLength(2);
    expect(
      (await storedTypes(customerStreamId(customer.customerId))).filter((t) => t === 'SubscriptionStarted'),
    ).toHaveLength(1);
    expect((await mailsAfterRegistration(customer)).map((mail) => mail.subject)).toEqual([
      'Welcome to Stickwork Premium',
    ]);
  });
});

describe('a signed webhook of an unexpected shape', () => {
  it.each([
    ['customer.subscription.updated', null, 'data.object'],
    ['customer.subscription.created', { id: 'sub_x', object: 'subscription' }, 'data.object.status'],
    [
      'customer.subscription.deleted',
      { id: 'sub_x', status: 'canceled', items: { data: [{}] } },
      'data.object.items.data.0.price',
    ],
    ['checkout.session.completed', { id: 'cs_x', client_reference_id: 42 }, 'client_reference_id'],
    ['invoice.paid', { id: 'in_x', parent: 'nope' }, 'parent'],
    ['invoice.payment_failed', [], 'data.object'],
  ])('%s with %j answers 400 with the reason and records nothing', async (type, object, where) => {
    const before = await server.backend.store.stats();
    const response = await deliver(stripeEvent(type, object as object));
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/^The webhook event is malformed: /);
    expect(response.json.message).toContain(where);
    expect(await server.backend.store.stats()).toEqual(before);
  });

  it('answers 400 for an event without an id or type, and for signed bytes that are not JSON', async () => {
    expect((await deliver({ object: 'event', created: 1, data: { object: {} } })).status).toBe(400);
    const payload = '{not json';
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await postWebhook(payload, signature);
    expect(response).toEqual({ status: 400, json: { message: 'The webhook body is not valid JSON.' } });
  });

  it('acknowledges an event type it does not handle with 200 and ignores it', async () => {
    const response = await deliver(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(response).toEqual({ status: 200, json: { received: true, outcome: 'ignored' } });
    const odd = await deliver(stripeEvent('payment_intent.succeeded', null as unknown as object));
    expect(odd).toEqual({ status: 200, json: { received: true, outcome: 'ignored' } });
  });
});
