import type { z } from 'zod';

/** Where problems with the input as a whole (not an object, for instance) are filed. */
export const FORM_ERRORS_KEY = '_form';

export type FieldErrors = Record<string, string[]>;

export type FieldValidation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Validates `input` and, on failure, collects every message per field. Nested fields are keyed by their
 * dotted path (`skillPreference.0.level`). Used by the API for 400 bodies and by the web forms.
 */
export const fieldErrors = <S extends z.ZodType>(schema: S, input: unknown): FieldValidation<z.output<S>> => {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length === 0 ? FORM_ERRORS_KEY : issue.path.map(String).join('.');
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return { ok: false, errors };
};

/** The first message of each field, for forms that show one message at a time. */
export const firstFieldErrors = (errors: FieldErrors): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).flatMap(([field, messages]) =>
      messages[0] === undefined ? [] : [[field, messages[0]]],
    ),
  );

/**
 * The 400 body `{ message, errors }`. The message is the first problem as a sentence: validator-voice
 * messages get their field name in front ("email must be a valid email"), whole sentences stay as they are
 * ("Practice time must be between 10 and 360 minutes"), since some screens show only the message.
 */
export const validationErrorBody = (errors: FieldErrors): { message: string; errors: FieldErrors } => {
  const [field, messages] = Object.entries(errors)[0] ?? [FORM_ERRORS_KEY, []];
  const first = messages[0];
  let message = 'Invalid input';
  if (first !== undefined) {
    const isSentence = /^\p{Lu}/u.test(first);
    message = isSentence ? first : `${field === FORM_ERRORS_KEY ? 'input' : field} ${first}`;
  }
  return { message, errors };
};
