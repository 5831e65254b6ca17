import express, { type Router } from 'express';
import type { Backend } from '../backend.js';
import { HttpError } from '../http/http-error.js';

/** The analytics events of product-spec §4; the web app beacons them here, with consent only. */
export const ANALYTICS_EVENTS = [
  'landing page visited',
  'registration_started',
  'sign_up',
  'subscription_checkout_completed',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

const isEventName = (value: unknown): value is AnalyticsEventName =>
  typeof value === 'string' && (ANALYTICS_EVENTS as readonly string[]).includes(value);

const isSmallParams = (value: unknown): boolean => {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= 10 &&
    entries.every(
      ([key, param]) =>
        key.length <= 40 &&
        (typeof param === 'number' ||
          typeof param === 'boolean' ||
          (typeof param === 'string' && param.length <= 200)),
    )
  );
};

/** The event name of a well-formed beacon `{ event, params?, page? }`, or null. */
export const beaconEvent = (body: unknown): AnalyticsEventName | null => {
  if (typeof body !== 'object' || body === null) return null;
  const { event, params, page } = body as Record<string, unknown>;
  if (!isEventName(event) || !isSmallParams(params)) return null;
  if (page !== undefined && (typeof page !== 'string' || page.length > 200)) return null;
  return event;
};

export interface AnalyticsCounter {
  count(event: AnalyticsEventName): void;
  counts(): Record<AnalyticsEventName, number>;
}

/** Counts per event name since start: the only thing first-party analytics keeps. */
export const createAnalyticsCounter = (): AnalyticsCounter => {
  const counts = Object.fromEntries(ANALYTICS_EVENTS.map((event) => [event, 0])) as Record<
    AnalyticsEventName,
    number
  >;
  return {
    count: (event) => void (counts[event] += 1),
    counts: () => ({ ...counts }),
  };
};

/** POST /analytics `{ event, params }` → 204; unknown events and odd bodies are a 400. */
export const analyticsRouter = (
  backend: Pick<Backend, 'logger'>,
  counter = createAnalyticsCounter(),
): Router => {
  const router = express.Router();
  // sendBeacon may label JSON as text/plain; read small bodies of either kind.
  const body = express.text({ type: 'text/plain', limit: '2kb' });
  router.post('/analytics', body, (req, res) => {
    let input: unknown = req.body;
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input);
      } catch {
        throw new HttpError(400, 'The request body is not valid JSON');
      }
    }
    const event = beaconEvent(input);
    if (event === null) throw new HttpError(400, `event must be one of [${ANALYTICS_EVENTS.join(', ')}]`);
    counter.count(event);
    // The event name and its running count only: no params, page, address or agent.
    backend.logger.debug({ event, count: counter.counts()[event] }, 'analytics event');
    res.status(204).end();
  });
  return router;
};
