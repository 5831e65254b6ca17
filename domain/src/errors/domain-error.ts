/**
 * The one typed error of the deciders and the scheduler. The API maps `code` to a status with
 * `domainErrorHttpStatus` and answers `{ message }`; `message` is written for the customer.
 */
export const DOMAIN_ERROR_CODES = [
  'email_taken',
  'not_registered',
  'already_registered',
  'already_verified',
  'customer_erased',
  'invalid_transition',
  'daily_limit_reached',
  'no_lessons_left',
  'level_up_not_offered',
  'invalid_level',
  'invalid_input',
  'no_skill_selected',
  'too_many_skills',
  'pad_mode_not_in_plan',
  'no_exercises_for_skill',
  'no_session',
  'unknown_lesson',
  'too_soon',
  'slot_taken',
  'quarter_used',
  'not_found',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const isDomainError = (error: unknown, code?: DomainErrorCode): error is DomainError =>
  error instanceof DomainError && (code === undefined || error.code === code);

/** HTTP status per code: conflicts 409, limits 429 (product-spec §8 opens the upsell on 429), bad input 400. */
export const domainErrorHttpStatus: Record<DomainErrorCode, number> = {
  email_taken: 409,
  not_registered: 404,
  already_registered: 409,
  already_verified: 409,
  customer_erased: 410,
  invalid_transition: 409,
  daily_limit_reached: 429,
  no_lessons_left: 429,
  level_up_not_offered: 409,
  invalid_level: 400,
  invalid_input: 400,
  no_skill_selected: 400,
  too_many_skills: 400,
  pad_mode_not_in_plan: 400,
  no_exercises_for_skill: 422,
  no_session: 422,
  unknown_lesson: 404,
  too_soon: 429,
  slot_taken: 409,
  quarter_used: 409,
  not_found: 404,
};
