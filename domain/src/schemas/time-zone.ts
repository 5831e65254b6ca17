import { z } from 'zod';
import { resolveTimeZone, type TimeZone } from '../calendar/time-zone.js';
import { objectOf } from './fields.js';

/** An IANA time zone name (or "UTC"), as the `time-zone` header or a zone change sends it. */
export const timeZoneSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .refine((name) => resolveTimeZone(name) === name, 'must be an IANA time zone such as Europe/Berlin, or UTC')
  .transform((name) => name as TimeZone);

/**
 * The `time-zone` header, parsed once at the edge: the zone, or undefined for a missing, repeated,
 * malformed or unknown one (the customer's pinned zone, or UTC, then counts).
 */
export const parseTimeZoneHeader = (header: unknown): TimeZone | undefined => {
  const parsed = timeZoneSchema.safeParse(header);
  return parsed.success ? parsed.data : undefined;
};

/** PUT /api/customer-info/time-zone: the customer's explicit change of the pinned zone. */
export const timeZoneChangeRequestSchema = objectOf({ timeZone: timeZoneSchema });
