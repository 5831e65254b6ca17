import { TIME_ZONE_MAX_LENGTH } from '../calendar/time-zone.js';
/**
 * Per-field messages in the standard validator voice of product-spec §5 (the field name is not part of
 * the message; forms show it under the field, `validationErrorBody` prefixes it). Sentences that the spec
 * gives whole (practice time, skills, deletion) are kept word for word.
 */
export const VALIDATION_MESSAGES = {
  required: 'is required',
  string: 'must be a string',
  boolean: 'must be a boolean',
  number: 'must be a number',
  integer: 'must be an integer',
  positiveInteger: 'must be a positive integer',
  playId: 'must be 1-64 letters, digits, - or _',
  duplicatePosition: 'must not contain the same voice and position twice',
  duplicateBeat: 'must not contain the same beat twice',
  beatStrokes: "strokes must add up to the position's strokes",
  object: 'must be an object',
  array: 'must be an array',
  email: 'must be a valid email',
  countryCode: 'must be a two-letter country code',
  isoDate: 'must be in ISO 8601 date format',
  specialCharacter: 'should contain at least 1 special character',
  lowercase: 'should contain at least 1 lowercase letter',
  uppercase: 'should contain at least 1 uppercase letter',
  noWhiteSpace: 'should not contain white spaces',
  noControlCharacters: 'must not contain control characters (such as tabs, line breaks or escape codes)',
  duplicateSkill: 'must not contain the same skill twice',
  levelNotSetForSelectedSkill: 'must be set for a selected skill',
  sessionId: 'must only contain letters, digits, underscores and dashes',
  practiceTime: 'Practice time must be between 10 and 360 minutes',
  atLeastOneSkill: 'Please select at least one skill',
  deletionPhrase: 'To delete enter: delete me',
  minLength: (min: number) => `length must be at least ${min} characters long`,
  maxLength: (max: number) => `length must be less than or equal to ${max} characters long`,
  digits: (min: number) => `should contain at least ${min} numeric character`,
  oneOf: (values: readonly string[]) => `must be one of [${values.join(', ')}]`,
  greaterOrEqual: (min: number) => `must be greater than or equal to ${min}`,
  lessOrEqual: (max: number) => `must be less than or equal to ${max}`,
  maxItems: (max: number) => `must contain less than or equal to ${max} items`,
} as const;

/** Upper bounds on every free-text input, so no request can make us store or hash megabytes. */
export const INPUT_LIMITS = {
  emailMaxLength: 254,
  nameMaxLength: 100,
  passwordMaxLength: 128,
  secretMaxLength: 4096,
  sessionIdMaxLength: 255,
  timeZoneMaxLength: TIME_ZONE_MAX_LENGTH,
  dateMaxLength: 40,
} as const;
