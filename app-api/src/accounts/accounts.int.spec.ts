import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { customerStreamId } from '@stickwork/domain';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { verifyLoginToken } from '../auth/tokens.js';
import {
  apiClient,
  decodeJwtPayload,
  mailsTo,
  nextClientIp,
  PASSWORD,
  registerCustomer,
  registration,
  type ApiClient,
} from './testing/account-fixtures.js';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server);
});
afterAll(() => server.close());

/** Each test its own client address, so the per-IP limits of one test do not touch another. */
const client = () => apiClient(server, { ip: nextClientIp() });

describe('POST /api/register', () => {
  it('creates a freemium customer with an unverified email and answers a login token', async () => {
    const body = registration({ firstname: 'Sheila', lastname: 'Escovedo' });
    const response = await client().post('/api/register', body);
    expect(response.status).toBe(201);
    const { token, clientSecret } = response.json as { token: string; clientSecret: null };
    expect(clientSecret).toBeNull();
    const claims = await verifyLoginToken(server.backend.jwtSecret, token, new Date());
    expect(claims).toMatchObject({
      firstname: 'Sheila',
      verification_state: 'unverified',
      subscription_status: 'freemium',
      activeTier: 'freemium',
    });
    expect(typeof decodeJwtPayload(token).exp).toBe('number');
    const events = await server.backend.store.readStream(customerStreamId(claims!.customerId));
    expect(events.map((event) => event.type)).toEqual(['CustomerRegistered']);
    expect(events[0]!.data).toMatchObject({ email: body.email, firstname: 'Sheila', lastname: 'Escovedo' });
    // Only a hash of the password is stored: argon2id.
    expect(JSON.stringify(events[0]!.data)).not.toContain(PASSWORD);
    expect((events[0]!.data as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('sends the verification mail with a welcome, as text and HTML', async () => {
    const { email } = await registerCustomer(client(), { firstname: 'Cindy' });
    const [mail] = await mailsTo(server.dataDir, email);
    expect(mail?.subject).toBe('Welcome to Stickwork! Please confirm your email');
    expect(mail?.text).toContain('Hi Cindy,');
    expect(mail?.text).toContain('welcome to Stickwork');
    expect(mail?.html).toContain('Confirm my email');
    expect(mail?.text).toMatch(/http:\/\/localhost:0\/verify-mail\/\?secret=[\w.-]+/);
  });

  it('answers 400 with every broken rule per field', async () => {
    const response = await client().post('/api/register', {
      email: 'not-an-email',
      password: 'short',
      firstname: 'R',
      lastname: '',
      country: '',
    });
    expect(response.status).toBe(400);
    const { message, errors } = response.json as { message: string; errors: Record<string, string[]> };
    expect(errors.email).toEqual(['must be a valid email']);
    expect(errors.password).toEqual([
      'length must be at least 8 characters long',
      'should contain at least 1 special character',
      'should contain at least 1 uppercase letter',
      'should contain at least 2 numeric character',
    ]);
    expect(errors.firstname).toEqual(['length must be at least 2 characters long']);
    expect(errors.lastname).toEqual(['is required']);
    expect(errors.country).toEqual(['is required']);
    expect(errors.dateTermsAndConditions).toEqual(['is required']);
    expect(message).toBe('email must be a valid email');
  });

  it('refuses white space in a password', async () => {
    const response = await client().post('/api/register', registration({ password: 'Drum Roll-42' }));
    expect(response.status).toBe(400);
    expect((response.json as { errors: Record<string, string[]> }).errors.password).toEqual([
      'should not contain white spaces',
    ]);
  });

  it("answers 409 'email already in use' for a taken email in any case and with blanks around it", async () => {
    const { email } = await registerCustomer(client());
    for (const variant of [email, email.toUpperCase(), `  ${email.replace('drummer', 'DRUMMER')} `]) {
      const response = await client().post('/api/register', registration({ email: variant }));
      expect(response.status, variant).toBe(409);
      expect(response.json).toEqual({ message: 'email already in use' });
    }
  });

  it('lets exactly one of ten concurrent registrations of one email (differing in case) win', async () => {
    const email = registration().email;
    const variants = Array.from({ length: 10 }, (_, index) =>
      [...email]
        .map((character, at) => ((at + index) % 3 === 0 ? character.toUpperCase() : character))
        .join(''),
    );
    const responses = await Promise.all(
      variants.map((variant) => client().post('/api/register', registration({ email: variant }))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    // The losers left nothing behind: one customer stream, one verification mail.
    expect(await mailsTo(server.dataDir, email)).toHaveLength(1);
    const customers = (await server.backend.store.readAll()).filter(
      (event) =>
        event.type === 'CustomerRegistered' &&
        (event.data as { email: string }).email.toLowerCase() === email.toLowerCase(),
    );
    expect(customers).toHaveLength(1);
  });
});

describe('the email reservation', () => {
  it('is released when the registration fails after it, so the email stays free', async () => {
    const body = registration();
    const { store } = server.backend;
    const append = store.appendToStream.bind(store);
    store.appendToStream = async (streamId, events, options) => {
      if (streamId.startsWith('customer-')) throw new Error('disk full');
      return append(streamId, events, options);
    };
    try {
      expect((await client().post('/api/register', body)).status).toBe(500);
    } finally {
      store.appendToStream = append;
    }
    expect(await store.readStream(server.backend.reservations.email(body.email))).toEqual([]);
    expect((await client().post('/api/register', body)).status).toBe(201);
  });

  it('without a customer expires after a minute (a crash between the two appends)', async () => {
    const reserve = async (email: string, reservedAt: Date) =>
      server.backend.store.appendToStream(
        server.backend.reservations.email(email),
        [
          {
            type: 'EmailReserved',
            data: { customerId: randomUUID(), reservedAt: reservedAt.toISOString() },
            metadata: { schemaVersion: 1, time: reservedAt.toISOString() },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    const stale = registration();
    await reserve(stale.email, new Date(Date.now() - 2 * 60_000));
    expect((await client().post('/api/register', stale)).status).toBe(201);

    const fresh = registration();
    await reserve(fresh.email, new Date());
    expect((await client().post('/api/register', fresh)).status).toBe(409);
  });
});

describe('POST /api/authenticate', () => {
  it('answers a login token for the right password, whatever the email case', async () => {
    const { email } = await registerCustomer(client(), { firstname: 'Karen' });
    const response = await client().post('/api/authenticate', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.status).toBe(200);
    const { token } = response.json as { token: string };
    expect(await verifyLoginToken(server.backend.jwtSecret, token, new Date())).toMatchObject({
      firstname: 'Karen',
      verification_state: 'unverified',
    });
  });

  it('answers a wrong password and an unknown email alike: 401 with a text body', async () => {
    const { email } = await registerCustomer(client());
    const api = client();
    const wrongPassword = await api.post('/api/authenticate', { email, password: 'Wrong-password-99' });
    const unknown = await api.post('/api/authenticate', { email: 'nobody@example.com', password: PASSWORD });
    for (const response of [wrongPassword, unknown]) {
      expect(response.status).toBe(401);
      expect(response.contentType).toMatch(/^text\/plain/);
      expect(response.text).toBe('Email or password is wrong.');
    }
  });

  it('answers malformed input with a 400 text naming the first problem', async () => {
    const api = client();
    const noPassword = await api.post('/api/authenticate', { email: 'a@example.com' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.text).toBe('password is required');
    const badEmail = await api.post('/api/authenticate', { email: 'no-at-sign', password: 'x' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.text).toBe('email must be a valid email');
  });
});

describe('the logged-in customer', () => {
  it('reads its account data on GET /api/customer-info', async () => {
    const { email, token } = await registerCustomer(api, { firstname: 'Tina', lastname: 'Weymouth' });
    const response = await api.get('/api/customer-info', { token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      firstname: 'Tina',
      lastname: 'Weymouth',
      email,
      emailVerified: false,
      status: 'freemium',
      cancelAt: null,
      cancelAtPeriodEnd: false,
      tier: 'freemium',
      billingPeriod: null,
      trialEndsAt: null,
      nextChargeAt: null,
      nextChargeCents: null,
      trialAvailable: true,
    });
  });

  it('reads its plan on GET /api/customer-info/subscription-status', async () => {
    const { token } = await registerCustomer(api);
    const response = await api.get('/api/customer-info/subscription-status', { token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'freemium', activeTier: 'freemium' });
  });

  it('gets a fresh token with the current state on GET /api/authenticate/update-jwt', async () => {
    const { token } = await registerCustomer(api, { firstname: 'Meg' });
    const customerId = decodeJwtPayload(token).customerId as string;
    // The store moves on behind the token's back: a trial starts.
    await server.backend.store.appendToStream(customerStreamId(customerId), [
      {
        type: 'SubscriptionStarted',
        data: {
          tier: 'premium',
          period: 'monthly',
          status: 'trialing',
          trialEndsAt: '2099-01-15T00:00:00.000Z',
          currentPeriodEnd: '2099-01-15T00:00:00.000Z',
          startedAt: new Date().toISOString(),
        },
        metadata: { schemaVersion: 1, time: new Date().toISOString() },
      },
    ]);
    const status = await api.get('/api/customer-info/subscription-status', { token });
    expect(status.json).toEqual({ status: 'trialing', activeTier: 'premium' });
    const response = await api.get('/api/authenticate/update-jwt', { token });
    expect(response.status).toBe(200);
    const fresh = await verifyLoginToken(
      server.backend.jwtSecret,
      (response.json as { token: string }).token,
      new Date(),
    );
    expect(fresh).toMatchObject({
      customerId,
      firstname: 'Meg',
      subscription_status: 'trialing',
      activeTier: 'premium',
      verification_state: 'unverified',
    });
  });

  it('sees a scheduled cancellation in unix seconds', async () => {
    const { token } = await registerCustomer(api);
    const customerId = decodeJwtPayload(token).customerId as string;
    const time = new Date().toISOString();
    await server.backend.store.appendToStream(customerStreamId(customerId), [
      {
        type: 'SubscriptionStarted',
        data: {
          tier: 'basic',
          period: 'yearly',
          status: 'active',
          currentPeriodEnd: '2099-03-01T00:00:00.000Z',
          startedAt: time,
        },
        metadata: { schemaVersion: 1, time },
      },
      {
        type: 'SubscriptionCancellationScheduled',
        data: { cancelAt: '2099-03-01T00:00:00.000Z', scheduledAt: time },
        metadata: { schemaVersion: 1, time },
      },
    ]);
    const response = await api.get('/api/customer-info', { token });
    expect(response.json).toMatchObject({
      status: 'active',
      cancelAt: Date.parse('2099-03-01T00:00:00.000Z') / 1000,
      cancelAtPeriodEnd: true,
    });
  });
});
