import { z } from 'zod';
import { isDayKey, resolveTimeZone } from '@stickwork/domain';
import { UsageError } from './errors.js';
import { DATE_HINT, parseInstant, type Bound } from './dates.js';

/**
 * Each command states its arguments and options as one zod schema (pastel's style) and parses
 * what commander collected through it; the first problem becomes one line naming the flag.
 */
export const parseOptions = <S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
  positional: readonly string[] = [],
): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  const name = positional.includes(key)
    ? `<${key}>`
    : `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  throw new UsageError(key === '' ? issue.message : `invalid ${name}: ${issue.message}`);
};

/** A date or time option read in the zone it is shown in (dates.ts); a usage error otherwise. */
export const readInstant = (flag: string, text: string, timeZone: string, bound: Bound): Date => {
  const instant = parseInstant(text, timeZone, bound);
  if (!instant) throw new UsageError(`invalid ${flag}: ${DATE_HINT}`);
  return instant;
};

/** `--limit N`: how many lines at most. */
export const limitOption = () => wholeNumberOption(1, 1_000_000).optional();

export const dayOption = () =>
  z.string().refine(isDayKey, { message: 'expected a calendar day as YYYY-MM-DD' });

/** An IANA zone the runtime knows; resolveTimeZone answers UTC for anything else. */
export const timeZoneOption = () =>
  z.string().refine((zone) => zone === 'UTC' || resolveTimeZone(zone) === zone, {
    message: 'expected an IANA time zone such as Europe/Berlin',
  });

export const wholeNumberOption = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: 'expected a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    );

export const jsonFlag = () => z.boolean().default(false);
