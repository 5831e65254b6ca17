import type { z } from 'zod';
import { SECRET_MIN_LENGTH } from '../rules/limits.js';
import {
  booleanField,
  emailField,
  existingPasswordField,
  nameField,
  newPasswordField,
  objectOf,
  requiredString,
} from './fields.js';
import { INPUT_LIMITS, VALIDATION_MESSAGES as M } from './validation-messages.js';

/** ISO 8601 date or date-time, with a time zone when a time is given. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** Rejects what the pattern lets through but the calendar does not have (2024-02-30, 25:00). */
const isRealDateTime = (value: string): boolean => {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const dayExists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return dayExists && !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value));
};

/** POST /api/register (product-spec §3 "Registration data", §5). */
export const registerRequestSchema = objectOf({
  email: emailField(),
  password: newPasswordField(),
  firstname: nameField(),
  lastname: nameField(),
  // ISO 3166-1 alpha-2; accepted in either case, stored upper-case.
  country: requiredString(16, (text) => text.regex(/^[A-Za-z]{2}$/, M.countryCode)).transform((code) =>
    code.toUpperCase(),
  ),
  // When the customer accepted the terms; the register button needs both legal boxes ticked.
  dateTermsAndConditions: requiredString(INPUT_LIMITS.dateMaxLength, (text) =>
    text.regex(ISO_DATE_TIME, M.isoDate).refine(isRealDateTime, M.isoDate),
  ),
  newsletterSubscription: booleanField().default(false),
});
export type RegisterRequest = z.output<typeof registerRequestSchema>;

/** POST /api/authenticate. */
export const authenticateRequestSchema = objectOf({
  email: emailField(),
  password: existingPasswordField(),
});
export type AuthenticateRequest = z.output<typeof authenticateRequestSchema>;

/** ?email= of GET /api/pw-recovery and GET /api/verify/email/request-verification. */
export const emailQuerySchema = objectOf({ email: emailField() });
export type EmailQuery = z.output<typeof emailQuerySchema>;

/** ?secret= of GET /api/verify/email. */
export const verifyEmailQuerySchema = objectOf({ secret: requiredString(INPUT_LIMITS.secretMaxLength) });
export type VerifyEmailQuery = z.output<typeof verifyEmailQuerySchema>;

/** POST /api/pw-recovery/change-password. */
export const changePasswordRequestSchema = objectOf({
  secret: requiredString(INPUT_LIMITS.secretMaxLength, (text) =>
    text.min(SECRET_MIN_LENGTH, M.minLength(SECRET_MIN_LENGTH)),
  ),
  password: newPasswordField(),
});
export type ChangePasswordRequest = z.output<typeof changePasswordRequestSchema>;
