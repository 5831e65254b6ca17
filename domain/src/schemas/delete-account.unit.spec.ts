import { describe, expect, it } from 'vitest';
import { deleteAccountConfirmationSchema, isDeletionConfirmed } from './delete-account.js';
import { fieldErrors } from './field-errors.js';

describe('account deletion confirmation', () => {
  it('goes ahead only on exactly "delete me"', () => {
    expect(fieldErrors(deleteAccountConfirmationSchema, { confirmation: 'delete me' }).ok).toBe(true);
    expect(isDeletionConfirmed('delete me')).toBe(true);
  });

  it.each([[''], ['Delete me'], ['delete me '], ['delete'], [undefined], [42]])(
    'asks again for %j',
    (confirmation) => {
      expect(fieldErrors(deleteAccountConfirmationSchema, { confirmation })).toEqual({
        ok: false,
        errors: { confirmation: ['To delete enter: delete me'] },
      });
      expect(isDeletionConfirmed(confirmation)).toBe(false);
    },
  );
});
