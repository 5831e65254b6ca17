import { z } from 'zod';
import { isDayKey, resolveTimeZone } from '@stickwork/domain';
import { CliError } from './context.js';

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
  throw new CliError(key === '' ? issue.message : `invalid ${name}: ${issue.message}`);
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day (YYYY-MM-DD, meaning its start in UTC) or an ISO time with a zone, as a Date. */
export const instantOption = () =>
  z
    .string()
    .refine((text) => isDayKey(text) || (ISO_TIME.test(text) && !Number.isNaN(Date.parse(text))), {
      message: 'expected a date (YYYY-MM-DD) or an ISO time such as 2026-05-04T18:00:00Z',
    })
    .transform((text) => new Date(isDayKey(text) ? `${text}T00:00:00.000Z` : text));

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
