import { z } from 'zod';
import {
  BILLING_PERIODS,
  isDayKey,
  LEVELS,
  meetingLinkSchema,
  PAID_TIERS,
  resolveTimeZone,
  SKILLS,
} from '@stickwork/domain';
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
  if (key !== '' && input[key] === undefined) throw new UsageError(`missing ${name}: it is required`);
  throw new UsageError(key === '' ? issue.message : `invalid ${name}: ${issue.message}`);
};

export { z };

/**
 * The parsed input of a command declared with `defineCommand` (define-command.ts): its arguments
 * and options through one zod object, the first problem as a usage error naming the flag.
 */
export const parseInput = <Kinds>(
  kinds: Kinds,
  args: Record<string, { schema: (kinds: Kinds) => z.ZodType }>,
  options: Record<string, { schema: (kinds: Kinds) => z.ZodType }>,
  positional: Record<string, unknown>,
  given: Record<string, unknown>,
): Record<string, unknown> => {
  const shape = Object.fromEntries(
    [...Object.entries(options), ...Object.entries(args)].map(([key, spec]) => [key, spec.schema(kinds)]),
  );
  return parseOptions(z.object(shape), { ...given, ...positional }, Object.keys(args)) as Record<
    string,
    unknown
  >;
};

/** A flag: false unless given. */
export const flagValue = () => z.boolean().default(false);

/** A required argument that must not be blank, with what to write instead. */
export const text = (message: string) => z.string().trim().min(1, { message });

export const customerArgument = () => text('name a customer by id, email or part of a name');

/** `--tz`: the zone times are shown and read in (events record no zone), UTC by default. */
export const tzOption = () => timeZoneOption().default('UTC');

export const skillOption = () => z.enum(SKILLS, { error: `expected one of ${SKILLS.join(', ')}` });
export const levelOption = () =>
  z.enum(LEVELS, { error: `expected one of ${LEVELS.map((level) => `"${level}"`).join(', ')}` });
export const tierOption = () =>
  z.enum(['freemium', ...PAID_TIERS], { error: `expected freemium or one of ${PAID_TIERS.join(', ')}` });
export const periodOption = () => z.enum(BILLING_PERIODS, { error: 'expected monthly or yearly' });

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
    error: (issue) =>
      `${String(issue.input)} is not a time zone: expected an IANA zone such as Europe/Berlin`,
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

/** `--tail N`: the last N, oldest first. */
export const tailOption = () => wholeNumberOption(1, 1_000_000).optional();

/** An email address as a person types it. */
export const emailOption = () =>
  z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'expected an email address such as tina@example.com' });

/** A teacher's meeting link: the domain's own rule (https on a real domain), so the CLI and the decider agree. */
export const meetingLinkArgument = () => meetingLinkSchema;
