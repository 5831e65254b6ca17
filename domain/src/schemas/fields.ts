import { z } from 'zod';
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../rules/limits.js';
import { INPUT_LIMITS, VALIDATION_MESSAGES as M } from './validation-messages.js';

/*
 * Field builders shared by the request schemas. Type errors say 'is required' for a missing value and
 * name the expected type otherwise; length and content checks do not abort, so every broken rule of a
 * field is reported at once.
 */

const typeError = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? M.required : expected;

export const stringField = () => z.string({ error: typeError(M.string) });

/**
 * A string whose content checks run only once it is known to be a string: zod runs length checks on
 * anything with a length, so an array would otherwise collect 'must be a string' and length messages.
 */
export const checkedString = <T extends z.ZodType<unknown, string>>(checks: (text: z.ZodString) => T) =>
  stringField().pipe(checks(z.string()));

/** A string that must not be empty (an empty value only says 'is required'), plus any `more` checks. */
export const requiredString = (
  maxLength: number,
  more: (text: z.ZodString) => z.ZodString = (text) => text,
) =>
  checkedString((text) =>
    more(text.min(1, { error: M.required, abort: true }).max(maxLength, M.maxLength(maxLength))),
  );

export const booleanField = () => z.boolean({ error: typeError(M.boolean) });

export const integerField = () => z.number({ error: typeError(M.number) }).int({ error: M.integer });

export const enumField = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: typeError(M.oneOf(values)) });

export const objectOf = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape, { error: typeError(M.object) });

export const arrayOf = <T extends z.ZodType>(item: T) => z.array(item, { error: typeError(M.array) });

/*
 * Email: a local part and a domain of at least two labels. The top-level domain is not checked against a
 * list (product-spec §5), so `a@b.c` and `a@studio.drums` pass; whitespace, a missing @, leading, trailing
 * or doubled dots and empty labels do not.
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}(?<!\.)@(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const emailField = () =>
  checkedString((text) =>
    text
      .trim()
      .min(1, { error: M.required, abort: true })
      .max(INPUT_LIMITS.emailMaxLength, M.maxLength(INPUT_LIMITS.emailMaxLength))
      .regex(EMAIL_PATTERN, M.email),
  );

/**
 * Control characters (C0 and C1, DEL), line and paragraph separators and bidirectional overrides:
 * nothing a name needs, and in an operator's terminal `ESC [31m` or `ESC ] 0; ... BEL` would act.
 */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** First and last names: trimmed, at least 2 characters, no control characters. */
export const nameField = () =>
  checkedString((text) =>
    text
      .trim()
      .min(1, { error: M.required, abort: true })
      .min(NAME_MIN_LENGTH, M.minLength(NAME_MIN_LENGTH))
      .max(INPUT_LIMITS.nameMaxLength, M.maxLength(INPUT_LIMITS.nameMaxLength))
      .refine((name) => !CONTROL_CHARACTER.test(name), M.noControlCharacters),
  );

/** Any character that is neither a letter, a digit nor whitespace counts as special. */
const SPECIAL_CHARACTER = /[^\p{L}\p{N}\s]/u;
const TWO_DIGITS = /\p{Nd}.*\p{Nd}/su;

/** A new password (registration, password change): product-spec §5 rules. Never trimmed. */
export const newPasswordField = () =>
  checkedString((text) =>
    text
      .min(1, { error: M.required, abort: true })
      .min(PASSWORD_MIN_LENGTH, M.minLength(PASSWORD_MIN_LENGTH))
      .max(INPUT_LIMITS.passwordMaxLength, M.maxLength(INPUT_LIMITS.passwordMaxLength))
      .regex(SPECIAL_CHARACTER, M.specialCharacter)
      .regex(/\p{Ll}/u, M.lowercase)
      .regex(/\p{Lu}/u, M.uppercase)
      .regex(TWO_DIGITS, M.digits(2))
      .regex(/^\S*$/su, M.noWhiteSpace),
  );

/** A password to check against a stored one (login): required, bounded, otherwise anything. */
export const existingPasswordField = () => requiredString(INPUT_LIMITS.passwordMaxLength);
