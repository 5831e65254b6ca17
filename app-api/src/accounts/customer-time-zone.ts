import type { RequestHandler, Response } from 'express';
import { UTC_TIME_ZONE, type TimeZone } from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { authenticateOnce, authOf } from '../auth/require-auth.js';
import { timeZoneHeaderOf } from '../http/time-zone-header.js';
import { runCustomerCommand, type CustomerCommandInput } from './customer-commands.js';

type TimeZoneBackend = Pick<Backend, 'store' | 'clock'>;

const runTimeZoneCommand = async (
  backend: TimeZoneBackend,
  customerId: string,
  command: Extract<CustomerCommandInput, { type: 'PinTimeZone' | 'ChangeTimeZone' }>,
): Promise<TimeZone> => {
  const { state } = await runCustomerCommand(backend, customerId, command);
  if (state.status !== 'registered' || state.timeZone === null)
    throw new Error('A time zone command left no pinned zone');
  return state.timeZone as TimeZone;
};

/**
 * Pins the customer's zone as their first practice write would (the seed's customers); the zone
 * already pinned, if any, stays. Answers the pinned zone.
 */
export const pinTimeZone = (backend: TimeZoneBackend, customerId: string, timeZone: TimeZone) =>
  runTimeZoneCommand(backend, customerId, { type: 'PinTimeZone', data: { timeZone } });

/**
 * The customer's pinned time zone: set by the first authenticated practice
 * request that writes (counting a lesson, a session, activity) from its `time-zone` header (UTC
 * without a valid one), recorded as `TimeZonePinned`; afterwards requests cannot move it, whatever
 * zone they claim. Two first writes at once both end on the zone the store recorded first. A read
 * before any write uses the header and records nothing: reads never change state.
 */
export const pinnedTimeZone =
  (backend: TimeZoneBackend): RequestHandler =>
  async (req, res, next) => {
    const { customer, customerId } = authOf(res);
    const requested = timeZoneHeaderOf(res) ?? UTC_TIME_ZONE;
    const reading = req.method === 'GET' || req.method === 'HEAD';
    res.locals.pinnedTimeZone =
      (customer.timeZone as TimeZone | null) ??
      (reading ? requested : await pinTimeZone(backend, customerId, requested));
    next();
  };

/** The zone `pinnedTimeZone` found or pinned for this request. */
export const pinnedTimeZoneOf = (res: Response): TimeZone => {
  const zone = res.locals.pinnedTimeZone as TimeZone | undefined;
  if (!zone) throw new Error('pinnedTimeZoneOf() needs pinnedTimeZone() earlier in the chain');
  return zone;
};

/** PUT /api/customer-info/time-zone: the explicit, recorded, rate-limited change. */
export const changeTimeZone = (backend: TimeZoneBackend, customerId: string, timeZone: TimeZone) =>
  runTimeZoneCommand(backend, customerId, { type: 'ChangeTimeZone', data: { timeZone } });

/** `requireAuth`, then `pinnedTimeZone`: the practice routes' one middleware. */
export const requireAuthAndTimeZone = (
  backend: TimeZoneBackend & Pick<Backend, 'jwtSecret'>,
): RequestHandler => {
  const pin = pinnedTimeZone(backend);
  return async (req, res, next) => {
    res.locals.auth = await authenticateOnce(backend, req, res);
    await pin(req, res, next);
  };
};
