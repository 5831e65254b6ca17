import type { z } from 'zod';
import { fieldErrors, validationErrorBody } from '@stickwork/domain';
import { HttpError } from './http-error.js';

/** The parsed input, or a 400 `{ message, errors }` with every field's messages. */
export const validOr400 = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = fieldErrors(schema, input);
  if (!result.ok) {
    const body = validationErrorBody(result.errors);
    throw new HttpError(400, body.message, body.errors);
  }
  return result.value;
};
