import { z } from 'zod';
import { DELETION_PHRASE } from '../rules/limits.js';
import { objectOf } from './fields.js';
import { VALIDATION_MESSAGES as M } from './validation-messages.js';

/** The account-deletion form: the customer types exactly 'delete me' (product-spec §5), nothing else. */
export const deleteAccountConfirmationSchema = objectOf({
  confirmation: z
    .string({ error: M.deletionPhrase })
    .refine((phrase) => phrase === DELETION_PHRASE, M.deletionPhrase),
});
export type DeleteAccountConfirmation = z.output<typeof deleteAccountConfirmationSchema>;

export const isDeletionConfirmed = (phrase: unknown): boolean => phrase === DELETION_PHRASE;
