import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerStreamId, PRICE_IDS, type EventStore } from '@stickwork/domain';
import { apiClient, decodeJwtPayload, linkIn, mailsTo } from '../accounts/testing/account-fixtures.js';
import { loadRegisteredCustomer, loginClaimsOf } from '../accounts/customer-records.js';
import { issueLoginToken } from '../auth/tokens.js';
import { startPracticeServer, type PracticeTestServer } from '../practice/testing/practice-fixtures.js';
import { registerPayingCustomer, type Customer } from './testing/payment-fixtures.js';
import { paymentLedgerStreamId } from './payment-ledger.js';
import { PAYMENT_GRACE_DAYS, settleAllPeriodEnds } from './period-ends.js';
import { applyProviderEvent } from './apply-provider-event.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAYING_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ringo Starr' };
const DECLINED_CARD = { ...PAYING_CARD, number: '4000 0000 0000 0002' };

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer('2026-03-10T09:00:00.000Z');
});
afterAll(() => server.close());

type Drummer = Customer;
const registerDrummer = (test: PracticeTestServer): Promise<Drummer> =>
  registerPayingCustomer(test, test.now);

const later = (days: number, hours = 0) =>
  server.setNow(new Date(server.now().getTime() + days * DAY_MS + hours * 3_600_000));

const customerInfo = async (drummer: Drummer) => {
  const response = await drummer.api.get('/api/customer-info');
  expect(response.status).toBe(200);
  return response.json as { status: string; cancelAt: number | null; cancelAtPeriodEnd: boolean };
};

const refreshedClaims = async (drummer: Drummer) => {
  const response = await drummer.api.get('/api/authenticate/update-jwt');
  expect(response.status).toBe(200);
  return decodeJwtPayload((response.json as { token: string }).token);
};

/** Posts lesson usages until refused; answers how many were counted (capped, for paid plans). */
const lessonsAllowed = async (drummer: Drummer, cap = 6) => {
  for (let counted = 0; counted < cap; counted++) {
    const response = await drummer.api.post('/api/usage', { usageType: 'lesson' });
    if (response.status === 429) return counted;
    expect(response.status).toBe(201);
  }
  return cap;
};

const checkout = async (drummer: Drummer, priceId: string) => {
  const response = await drummer.api.get(`/api/payment/create-checkout-session?priceId=${priceId}`);
  expect(response.status).toBe(200);
  return (response.json as { clientSecret: string }).clientSecret;
};

const pay = (drummer: Drummer, clientSecret: string, card = PAYING_CARD) =>
  drummer.api.post('/api/payment/test-payments/pay', { clientSecret, ...card });

const sessionIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

const subscriptionEvents = async (customerId: string) =>
  (await server.backend.store.readStream(customerStreamId(customerId)))
    .map((event) => event.type)
    .filter((type) => type.startsWith('Subscription'));

beforeEach(() => server.setNow('2026-03-10T09:00:00.000Z'));

describe('the subscription life cycle on the local test-payment provider', () => {
  it('freemium → checkout → trialing → active → cancellation scheduled → freemium at period end', async () => {
    const drummer = await registerDrummer(server);
    expect((await server.api.get('/api/payment/config')).json).toEqual({ provider: 'local' });

    // Freemium: three lessons a day.
    expect((await customerInfo(drummer)).status).toBe('freemium');
    expect(await lessonsAllowed(drummer)).toBe(3);

    // Checkout with the embedded test form.
    const clientSecret = await checkout(drummer, 'price_premium_monthly');
    expect(clientSecret).toMatch(/^cs_local_[a-f0-9]+_secret_[A-Za-z0-9_-]{32}$/);
    const sessionId = sessionIdOf(clientSecret);
    const email = (await drummer.api.get('/api/customer-info')).json as { email: string };
    expect((await drummer.api.get(`/api/payment/session-status?session_id=${sessionId}`)).json).toEqual({
      status: 'open',
      customer_email: email.email,
    });

    const paid = await pay(drummer, clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.json).toEqual({ sessionId });
    expect((await drummer.api.get(`/api/payment/session-status?session_id=${sessionId}`)).json).toEqual({
      status: 'complete',
      customer_email: email.email,
    });

    // The first paid subscription starts the 14-day trial: everything unlocked at once.
    expect(await customerInfo(drummer)).toMatchObject({
      status: 'trialing',
      cancelAt: null,
      cancelAtPeriodEnd: false,
    });
    expect(await refreshedClaims(drummer)).toMatchObject({
      subscription_status: 'trialing',
      activeTier: 'premium',
    });
    expect(await lessonsAllowed(drummer)).toBe(6);

    // Paying the same session again is refused.
    expect((await pay(drummer, clientSecret)).status).toBe(409);

    // Day 13: still trialing. Day 14: the trial converts with a renewal payment.
    later(13);
    expect((await customerInfo(drummer)).status).toBe('trialing');
    later(1, 1);
    expect((await customerInfo(drummer)).status).toBe('active');
    expect(await refreshedClaims(drummer)).toMatchObject({
      subscription_status: 'active',
      activeTier: 'premium',
    });
    expect(await lessonsAllowed(drummer)).toBe(6);

    // Cancel at period end: the trial ended 2026-03-24T09:00Z, the first paid month ends a month later.
    const canceled = await drummer.api.get('/api/payment/cancel-subscription');
    expect(canceled.status).toBe(200);
    const periodEnd = Date.parse('2026-04-24T09:00:00.000Z') / 1000;
    expect(canceled.json).toEqual({ cancelAt: periodEnd, cancelAtPeriodEnd: true });
    expect(await customerInfo(drummer)).toMatchObject({
      status: 'active',
      cancelAt: periodEnd,
      cancelAtPeriodEnd: true,
    });
    // Cancelling again changes nothing.
    expect((await drummer.api.get('/api/payment/cancel-subscription')).json).toEqual(canceled.json);

    // Usable until the period end, then back on the free plan.
    server.setNow(new Date(periodEnd * 1000 - 60_000));
    expect((await customerInfo(drummer)).status).toBe('active');
    server.setNow(new Date(periodEnd * 1000 + 60_000));
    expect(await customerInfo(drummer)).toMatchObject({
      status: 'canceled',
      cancelAt: null,
      cancelAtPeriodEnd: false,
    });
    expect(await refreshedClaims(drummer)).toMatchObject({
      subscription_status: 'canceled',
      activeTier: 'freemium',
    });
    expect(await lessonsAllowed(drummer)).toBe(3);

    expect(await subscriptionEvents(drummer.customerId)).toEqual([
      'SubscriptionStarted',
      'SubscriptionActivated',
      'SubscriptionCancellationScheduled',
      'SubscriptionEnded',
    ]);

    // A second subscription starts without a trial.
    await pay(drummer, await checkout(drummer, 'price_basic_yearly'));
    expect(await refreshedClaims(drummer)).toMatchObject({
      subscription_status: 'active',
      activeTier: 'basic',
    });
  });

  it('a declined card changes nothing: no subscription, no ledger entry, the session stays open', async () => {
    const drummer = await registerDrummer(server);
    const clientSecret = await checkout(drummer, 'price_exclusive_monthly');
    const declined = await pay(drummer, clientSecret, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.json).toEqual({ message: 'Your card was declined.' });
    expect(await subscriptionEvents(drummer.customerId)).toEqual([]);
    expect(await server.backend.store.readStream(paymentLedgerStreamId(drummer.customerId))).toEqual([]);
    expect((await customerInfo(drummer)).status).toBe('freemium');
    const status = await drummer.api.get(
      `/api/payment/session-status?session_id=${sessionIdOf(clientSecret)}`,
    );
    expect((status.json as { status: string }).status).toBe('open');

    // The card form's other refusals name the field, in Stripe's words.
    const badNumber = await pay(drummer, clientSecret, { ...PAYING_CARD, number: '4242 4242 4242 4241' });
    expect(badNumber.status).toBe(400);
    expect(badNumber.json).toMatchObject({
      message: 'Your card number is incorrect.',
      errors: { number: ['Your card number is incorrect.'] },
    });
    const expired = await pay(drummer, clientSecret, { ...PAYING_CARD, expiry: '01/20' });
    expect((expired.json as { message: string }).message).toBe("Your card's expiration year is in the past.");

    // Then the test card pays.
    expect((await pay(drummer, clientSecret)).status).toBe(200);
    expect((await customerInfo(drummer)).status).toBe('trialing');
  });

  it('refuses an unknown price, a forged client secret, and another customer’s session', async () => {
    const drummer = await registerDrummer(server);
    const unknown = await drummer.api.get('/api/payment/create-checkout-session?priceId=price_gold_monthly');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      message: `priceId must be one of [${PRICE_IDS.join(', ')}]`,
      errors: { priceId: [`must be one of [${PRICE_IDS.join(', ')}]`] },
    });
    expect((await drummer.api.get('/api/payment/create-checkout-session')).status).toBe(400);

    const clientSecret = await checkout(drummer, 'price_basic_monthly');
    const forged = clientSecret.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await pay(drummer, forged)).status).toBe(400);

    const stranger = await registerDrummer(server);
    expect((await pay(stranger, clientSecret)).status).toBe(400);
    const peek = await stranger.api.get(
      `/api/payment/session-status?session_id=${sessionIdOf(clientSecret)}`,
    );
    expect(peek.status).toBe(404);
    expect((await stranger.api.get('/api/payment/session-status?session_id=cs_local_ffff')).status).toBe(404);
    expect((await customerInfo(stranger)).status).toBe('freemium');
  });

  it('expires an unpaid checkout after 24 hours', async () => {
    const drummer = await registerDrummer(server);
    const clientSecret = await checkout(drummer, 'price_basic_monthly');
    later(1, 1);
    const status = await drummer.api.get(
      `/api/payment/session-status?session_id=${sessionIdOf(clientSecret)}`,
    );
    expect((status.json as { status: string }).status).toBe('expired');
    expect((await pay(drummer, clientSecret)).status).toBe(409);
  });

  it('refuses a second checkout while a subscription runs', async () => {
    const drummer = await registerDrummer(server);
    await pay(drummer, await checkout(drummer, 'price_basic_monthly'));
    const again = await drummer.api.get('/api/payment/create-checkout-session?priceId=price_premium_monthly');
    expect(again.status).toBe(409);
  });
});

describe('the local customer portal', () => {
  it('changes the plan, cancels at period end and resumes', async () => {
    const drummer = await registerDrummer(server);
    expect((await drummer.api.get('/api/payment/cancel-subscription')).json).toEqual({
      cancelAt: null,
      cancelAtPeriodEnd: false,
    });
    expect((await drummer.api.get('/api/payment/test-payments/portal')).json).toMatchObject({
      subscription: null,
    });
    const nothing = await drummer.api.post('/api/payment/test-payments/portal', { action: 'cancel' });
    expect(nothing.status).toBe(400);
    await pay(drummer, await checkout(drummer, 'price_basic_monthly'));
    expect((await drummer.api.get('/api/payment/create-customer-portal-session')).json).toEqual({
      url: '/test-payments/portal',
    });

    const changed = await drummer.api.post('/api/payment/test-payments/portal', {
      action: 'change-plan',
      priceId: 'price_exclusive_yearly',
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({
      subscription: { tier: 'exclusive', period: 'yearly', status: 'trialing' },
    });
    expect(await refreshedClaims(drummer)).toMatchObject({ activeTier: 'exclusive' });

    const canceled = await drummer.api.post('/api/payment/test-payments/portal', { action: 'cancel' });
    const { subscription } = canceled.json as {
      subscription: { cancelAt: string; currentPeriodEnd: string };
    };
    expect(subscription.cancelAt).toBe(subscription.currentPeriodEnd);
    expect((await customerInfo(drummer)).cancelAtPeriodEnd).toBe(true);

    await drummer.api.post('/api/payment/test-payments/portal', { action: 'resume' });
    expect(await customerInfo(drummer)).toMatchObject({ cancelAt: null, cancelAtPeriodEnd: false });

    const bad = await drummer.api.post('/api/payment/test-payments/portal', {
      action: 'change-plan',
      priceId: 'gold',
    });
    expect(bad.status).toBe(400);
  });

  it(`keeps an overdue subscription for the ${PAYMENT_GRACE_DAYS}-day grace period, then ends it`, async () => {
    const drummer = await registerDrummer(server);
    await pay(drummer, await checkout(drummer, 'price_premium_monthly'));
    await drummer.api.post('/api/payment/test-payments/portal', { action: 'fail-payment' });
    expect((await customerInfo(drummer)).status).toBe('past_due');
    expect(await lessonsAllowed(drummer)).toBe(6);

    later(PAYMENT_GRACE_DAYS - 1);
    expect((await customerInfo(drummer)).status).toBe('past_due');
    later(1, 1);
    expect((await customerInfo(drummer)).status).toBe('canceled');
    expect(await refreshedClaims(drummer)).toMatchObject({
      subscription_status: 'canceled',
      activeTier: 'freemium',
    });
  });

  it('an overdue payment made in time makes the subscription active again', async () => {
    const drummer = await registerDrummer(server);
    await pay(drummer, await checkout(drummer, 'price_premium_monthly'));
    await drummer.api.post('/api/payment/test-payments/portal', { action: 'fail-payment' });
    later(2);
    await drummer.api.post('/api/payment/test-payments/portal', { action: 'pay-overdue' });
    expect((await customerInfo(drummer)).status).toBe('active');
    later(PAYMENT_GRACE_DAYS);
    expect((await customerInfo(drummer)).status).toBe('active');
  });
});

describe('period ends without a reader', () => {
  it('the periodic sweep ends a cancelled subscription in the store itself', async () => {
    const drummer = await registerDrummer(server);
    await pay(drummer, await checkout(drummer, 'price_basic_monthly'));
    await drummer.api.get('/api/payment/cancel-subscription');
    later(15);
    const { lastPosition } = await server.backend.store.stats();
    expect(await server.backend.projections.waitFor(lastPosition!, 10_000)).toBe(true);

    expect(await subscriptionEvents(drummer.customerId)).not.toContain('SubscriptionEnded');
    await settleAllPeriodEnds(server.backend);
    expect(await subscriptionEvents(drummer.customerId)).toEqual([
      'SubscriptionStarted',
      'SubscriptionCancellationScheduled',
      'SubscriptionEnded',
    ]);
    // Settling again finds nothing to do.
    await settleAllPeriodEnds(server.backend);
    expect((await subscriptionEvents(drummer.customerId)).length).toBe(3);
  });

  it('deleting the account cancels the subscription at period end first', async () => {
    const drummer = await registerDrummer(server);
    await pay(drummer, await checkout(drummer, 'price_basic_monthly'));
    expect((await drummer.api.delete('/api/delete/account')).status).toBe(200);
    // The customer stream is gone; the anonymous payment ledger shows the cancellation went through.
    const ledger = await server.backend.store.readStream(paymentLedgerStreamId(drummer.customerId));
    expect(ledger.map((event) => (event.data as { eventType: string }).eventType)).toEqual([
      'checkout.session.completed',
      'customer.subscription.updated',
    ]);
  });
});

describe('reads of the plan', () => {
  it('read the customer once when no period end is due, and settle one that is due before answering', async () => {
    const drummer = await registerDrummer(server);
    await pay(drummer, await checkout(drummer, 'price_basic_monthly'));
    /** A client with a token issued now, so that only the server reads the customer while it asks. */
    const signedIn = async () => {
      const customer = (await loadRegisteredCustomer(server.backend.store, drummer.customerId))!;
      const token = await issueLoginToken(server.backend.jwtSecret, loginClaimsOf(customer), server.now());
      return apiClient(server, { token });
    };
    const reads = vi.spyOn(server.backend.store, 'readStream');
    const customerReads = () =>
      reads.mock.calls.filter(([stream]) => stream === customerStreamId(drummer.customerId)).length;
    // As beside another process that keeps committing (a cluster): the store's mark moves on every
    // call, so the customer cache reads the stream on every load.
    let moves = 0;
    const marks = vi
      .spyOn(server.backend.store as Required<EventStore>, 'streamMark')
      .mockImplementation(() => `moved ${moves++}`);
    try {
      const api = await signedIn();
      // The first write pins the customer's time zone (a command on their stream): done before counting.
      expect((await api.post('/api/usage', { usageType: 'lesson' })).status).toBe(201);
      // The settlement's check of the token stands for the route's own (authenticateOnce).
      const planReads = [
        ['GET /api/usage', () => api.get('/api/usage')],
        ['GET /api/customer-info', () => api.get('/api/customer-info')],
        ['POST /api/usage', () => api.post('/api/usage', { usageType: 'lesson' })],
      ] as const;
      for (const [name, read] of planReads) {
        reads.mockClear();
        expect((await read()).status, name).toBeLessThan(300);
        expect(customerReads(), name).toBe(1);
      }
      // Alone on its file, the store tells that the stream has not changed: not even that read.
      marks.mockRestore();
      await api.get('/api/usage');
      for (const [name, read] of planReads.slice(0, 2)) {
        reads.mockClear();
        expect((await read()).status, name).toBeLessThan(300);
        expect(customerReads(), name).toBe(0);
      }
      const { cancelAt } = (await api.get('/api/payment/cancel-subscription')).json as { cancelAt: number };
      server.setNow(new Date(cancelAt * 1000 + 60_000));
      const afterPeriodEnd = await signedIn();
      reads.mockClear();
      const info = await afterPeriodEnd.get('/api/customer-info');
      expect(info.json).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
      expect(customerReads()).toBeGreaterThan(1);
      expect(await subscriptionEvents(drummer.customerId)).toContain('SubscriptionEnded');
    } finally {
      reads.mockRestore();
      marks.mockRestore();
    }
  });
});

describe('routes that need a session or a subscription first', () => {
  it('answer 401 without a valid token, before looking at anything else', async () => {
    const drummer = await registerDrummer(server);
    const clientSecret = await checkout(drummer, 'price_basic_monthly');
    const sessionId = sessionIdOf(clientSecret);
    const customer = (await loadRegisteredCustomer(server.backend.store, drummer.customerId))!;
    const weekOld = new Date(server.now().getTime() - 8 * DAY_MS);
    const expiredToken = await issueLoginToken(server.backend.jwtSecret, loginClaimsOf(customer), weekOld);
    for (const token of [undefined, 'not.a.token', expiredToken]) {
      const anonymous = apiClient(server, token ? { token } : {});
      const answers = [
        await anonymous.get(`/api/payment/session-status?session_id=${sessionId}`),
        await anonymous.post('/api/payment/test-payments/pay', { clientSecret, ...PAYING_CARD }),
        await anonymous.post('/api/payment/test-payments/portal', { action: 'cancel' }),
      ];
      for (const answer of answers)
        expect(answer).toMatchObject({ status: 401, json: { message: 'User not authorized' } });
    }
    expect((await customerInfo(drummer)).status).toBe('freemium');
  });
});

describe('the subscription confirmation mail', () => {
  /** The mails to the drummer after the first `skip` (the verification mail comes first). */
  const mailsAfter = async (drummer: Drummer, skip: number) =>
    (await mailsTo(server.dataDir, drummer.email)).slice(skip);

  it('goes out once when a local checkout starts the subscription, in the product’s words', async () => {
    const drummer = await registerDrummer(server);
    const before = (await mailsTo(server.dataDir, drummer.email)).length;
    expect(before).toBe(1); // the verification mail

    const clientSecret = await checkout(drummer, 'price_premium_monthly');
    expect((await pay(drummer, clientSecret)).status).toBe(200);

    const mails = await mailsAfter(drummer, before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Welcome to Stickwork Premium');
    const text = mail!.text ?? '';
    expect(text).toMatch(/^Hi Ringo,\n/);
    expect(text).toContain('Your plan: Premium, billed monthly, 15.99 € per month.');
    // Paid at 2026-03-10T09:00Z: the 14-day trial ends on 24 March.
    expect(text).toContain(
      'Your 14-day free trial runs until 24 March 2026; you will not be charged before then.',
    );
    expect(text).toContain(
      'This was a test payment with the local test-payment provider: no money was charged.',
    );
    expect(text).toContain('Account Settings → Subscription');
    expect(linkIn(mail!).href).toBe(`${server.backend.config.publicUrl}/launch-overview`);
    expect(mail!.html).toContain('Hi Ringo,');
    expect(mail!.html).toContain(`href="${server.backend.config.publicUrl}/launch-overview"`);

    // Paying the session again, reading the plan, moving on in the trial: no second mail.
    expect((await pay(drummer, clientSecret)).status).toBe(409);
    await drummer.api.post('/api/payment/test-payments/portal', {
      action: 'change-plan',
      priceId: 'price_exclusive_monthly',
    });
    later(15);
    expect((await customerInfo(drummer)).status).toBe('active');
    expect(await mailsAfter(drummer, before)).toHaveLength(1);
  });

  it('goes out again for a new subscription after the last one ended, without a trial', async () => {
    const drummer = await registerDrummer(server);
    const before = (await mailsTo(server.dataDir, drummer.email)).length;
    await pay(drummer, await checkout(drummer, 'price_basic_monthly'));
    await drummer.api.get('/api/payment/cancel-subscription');
    later(15);
    expect((await customerInfo(drummer)).status).toBe('canceled');

    await pay(drummer, await checkout(drummer, 'price_exclusive_yearly'));
    const mails = await mailsAfter(drummer, before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Welcome to Stickwork Basic',
      'Welcome to Stickwork Exclusive',
    ]);
    const second = mails[1]!.text ?? '';
    expect(second).toContain('Your plan: Exclusive, billed yearly, 359.88 € per year.');
    expect(second).not.toContain('free trial');
  });

  it('goes out once when several deliveries of one start are applied at the same time', async () => {
    const drummer = await registerDrummer(server);
    const before = (await mailsTo(server.dataDir, drummer.email)).length;
    const created = server.now().toISOString();
    const subscription = {
      id: 'sub_concurrent_start',
      customerId: drummer.customerId,
      providerCustomerId: 'cus_concurrent_start',
      priceId: 'price_basic_monthly' as const,
      status: 'trialing' as const,
      trialEnd: '2026-03-24T09:00:00.000Z',
      currentPeriodEnd: '2026-03-24T09:00:00.000Z',
      cancelAt: null,
    };
    // Distinct event ids (say checkout.session.completed and customer.subscription.created), each
    // delivered twice: the ledger counts each id once, the customer stream starts the subscription once.
    const deliveries = ['checkout.session.completed', 'customer.subscription.created'].flatMap((type) =>
      [1, 2].map(() => ({ id: `evt_concurrent_${type}`, type, created, customerId: drummer.customerId })),
    );
    const outcomes = await Promise.all(
      deliveries.map((delivery) =>
        applyProviderEvent(server.backend, {
          ...delivery,
          type: delivery.type as 'checkout.session.completed',
          subscription,
        }),
      ),
    );
    expect(outcomes.sort()).toEqual(['applied', 'applied', 'duplicate', 'duplicate']);
    expect(await subscriptionEvents(drummer.customerId)).toEqual(['SubscriptionStarted']);
    expect((await mailsAfter(drummer, before)).map((mail) => mail.subject)).toEqual([
      'Welcome to Stickwork Basic',
    ]);
  });

  it('is not sent for a declined card', async () => {
    const drummer = await registerDrummer(server);
    const before = (await mailsTo(server.dataDir, drummer.email)).length;
    const declined = await pay(drummer, await checkout(drummer, 'price_exclusive_monthly'), DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(await mailsAfter(drummer, before)).toEqual([]);
  });

  it('a mail failure does not fail the payment, and the log names the failure, not the address', async () => {
    const drummer = await registerDrummer(server);
    const before = (await mailsTo(server.dataDir, drummer.email)).length;
    const mailer = server.backend.mailer;
    const refused = Object.assign(new Error(`550 mailbox ${drummer.email} unavailable`), {
      name: 'SmtpError',
      code: 'EENVELOPE',
    });
    server.backend.mailer = { ...mailer, send: () => Promise.reject(refused) };
    const logged = vi.spyOn(server.backend.logger, 'error');
    let errorLogs: unknown[][];
    try {
      const paid = await pay(drummer, await checkout(drummer, 'price_premium_yearly'));
      expect(paid.status).toBe(200);
    } finally {
      server.backend.mailer = mailer;
      errorLogs = [...logged.mock.calls];
      logged.mockRestore();
    }
    expect((await customerInfo(drummer)).status).toBe('trialing');
    expect(await mailsAfter(drummer, before)).toEqual([]);
    const failures = errorLogs.filter((call) => JSON.stringify(call).includes('confirmation mail'));
    expect(failures).toHaveLength(1);
    expect(failures[0]![0]).toEqual({
      customerId: drummer.customerId,
      errorName: 'SmtpError',
      errorCode: 'EENVELOPE',
    });
    expect(JSON.stringify(errorLogs)).not.toContain(drummer.email);
  });
});
