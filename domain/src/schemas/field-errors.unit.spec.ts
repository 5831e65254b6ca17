import { describe, expect, it } from 'vitest';
import { authenticateRequestSchema } from './auth-requests.js';
import { fieldErrors, firstFieldErrors, FORM_ERRORS_KEY, validationErrorBody } from './field-errors.js';
import { scheduleRequestSchema } from './practice-requests.js';

describe('fieldErrors', () => {
  it('files problems with the input as a whole under the form key', () => {
    for (const input of [null, 'email=a@b.de', [1, 2], 7]) {
      expect(fieldErrors(authenticateRequestSchema, input)).toEqual({
        ok: false,
        errors: { [FORM_ERRORS_KEY]: ['must be an object'] },
      });
    }
  });

  it('gives forms the first message per field', () => {
    expect(
      firstFieldErrors({ password: ['length must be at least 8 characters long', 'x'], email: ['y'] }),
    ).toEqual({
      password: 'length must be at least 8 characters long',
      email: 'y',
    });
  });
});

describe('validation error body', () => {
  it('names the field in front of a validator message', () => {
    const result = fieldErrors(authenticateRequestSchema, { email: 'nope', password: 'x' });
    expect(!result.ok && validationErrorBody(result.errors)).toEqual({
      message: 'email must be a valid email',
      errors: { email: ['must be a valid email'] },
    });
  });

  it('passes a whole sentence through, as the session screen shows it', () => {
    const result = fieldErrors(scheduleRequestSchema, {
      skillPreference: [],
      practiceTime: 400,
      padSufficient: true,
    });
    expect(!result.ok && validationErrorBody(result.errors).message).toBe('Please select at least one skill');
  });

  it('says the input is not an object', () => {
    const result = fieldErrors(authenticateRequestSchema, null);
    expect(!result.ok && validationErrorBody(result.errors).message).toBe('input must be an object');
  });
});
