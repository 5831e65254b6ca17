import type { RequestHandler, Response } from 'express';
import { parseTimeZoneHeader, TIME_ZONE_HEADER, type TimeZone } from '@stickwork/domain';

/**
 * The `time-zone` header, parsed once at the edge (zod: an IANA zone or UTC) for every API request.
 * A missing, repeated, malformed or unknown zone reads as undefined; it never decides a customer's
 * day by itself: the zone pinned with the customer does (accounts/customer-time-zone.ts).
 */
export const timeZoneHeader: RequestHandler = (req, res, next) => {
  res.locals.timeZoneHeader = parseTimeZoneHeader(req.get(TIME_ZONE_HEADER));
  next();
};

/** The request's parsed `time-zone` header (see `timeZoneHeader`). */
export const timeZoneHeaderOf = (res: Response): TimeZone | undefined =>
  res.locals.timeZoneHeader as TimeZone | undefined;
