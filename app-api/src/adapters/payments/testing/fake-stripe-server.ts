import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP fake of exactly the Stripe endpoints the adapter calls, answering in Stripe's JSON
 * shapes. It records each request (form-encoded parameters flattened as Stripe sends them, e.g.
 * `subscription_data[metadata][customerId]`) so tests can assert what reached Stripe.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

export interface FakeStripeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      current_period_end: number;
    }[];
  };
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
}

export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  client_secret: string;
  status: 'open' | 'complete' | 'expired';
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string } | null;
  subscription: string | null;
}

export interface FakeStripeServer {
  url: string;
  requests: RecordedStripeRequest[];
  sessions: Map<string, FakeStripeSession>;
  subscriptions: Map<string, FakeStripeSubscription>;
  close(): Promise<void>;
}

export const fakeSubscription = (options: {
  id: string;
  customerId: string;
  stripePrice: string;
  status: string;
  currentPeriodEnd: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  providerCustomerId?: string;
}): FakeStripeSubscription => ({
  id: options.id,
  object: 'subscription',
  customer: options.providerCustomerId ?? 'cus_test_1',
  status: options.status,
  metadata: { customerId: options.customerId },
  items: {
    object: 'list',
    data: [
      {
        id: `si_${options.id}`,
        object: 'subscription_item',
        price: { id: options.stripePrice, object: 'price' },
        current_period_end: options.currentPeriodEnd,
      },
    ],
  },
  trial_end: options.trialEnd ?? null,
  cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
  cancel_at: null,
});

const notFound = (res: http.ServerResponse, what: string) => {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    }),
  );
};

export const startFakeStripeServer = async (): Promise<FakeStripeServer> => {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, FakeStripeSession>();
  const subscriptions = new Map<string, FakeStripeSubscription>();
  let sessionCount = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, params });
      const send = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        res.end(JSON.stringify(body));
      };

      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        sessionCount += 1;
        const id = `cs_test_${sessionCount}`;
        const session: FakeStripeSession = {
          id,
          object: 'checkout.session',
          client_secret: `${id}_secret_fake`,
          status: 'open',
          client_reference_id: params.client_reference_id ?? null,
          customer_email: params.customer_email ?? null,
          customer_details: null,
          subscription: null,
        };
        sessions.set(id, session);
        return send(session);
      }
      if (method === 'GET' && sessionMatch) {
        const session = sessions.get(sessionMatch[1]!);
        return session ? send(session) : notFound(res, `checkout.session: ${sessionMatch[1]}`);
      }
      if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions')
        return send({
          id: 'bps_test_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.com/p/session/test_fake',
        });
      if (subscriptionMatch) {
        const subscription = subscriptions.get(subscriptionMatch[1]!);
        if (!subscription) return notFound(res, `subscription: ${subscriptionMatch[1]}`);
        if (method === 'POST' && params.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        if (method === 'DELETE') subscription.status = 'canceled';
        return send(subscription);
      }
      notFound(res, `endpoint ${method} ${url.pathname}`);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
