import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authenticateRequestSchema,
  changePasswordRequestSchema,
  emailQuerySchema,
  registerRequestSchema,
} from './auth-requests.js';
import { fieldErrors } from './field-errors.js';

const validRegistration = {
  email: 'ringo@example.com',
  password: 'Str0ng!pass9',
  firstname: 'Ringo',
  lastname: 'Starr',
  country: 'GB',
  dateTermsAndConditions: '2024-05-01T10:00:00.000Z',
};

const errorsOf = (schema: Parameters<typeof fieldErrors>[0], input: unknown) => {
  const result = fieldErrors(schema, input);
  return result.ok ? {} : result.errors;
};

/** Valid new passwords: the required characters plus filler, shuffled, 8 to 128 long. */
const validPassword = fc
  .tuple(
    fc.constantFrom(...'!@#$%^&*()-_=+[]{};:,.<>/?~ß€'.split('').filter((c) => !/[\p{L}]/u.test(c))),
    fc.constantFrom(...'abcxyzäé'.split('')),
    fc.constantFrom(...'ABCXYZÄÉ'.split('')),
    fc.integer({ min: 0, max: 9 }),
    fc.integer({ min: 0, max: 9 }),
    fc.array(fc.constantFrom(...'aB3$xY_9'.split('')), { minLength: 3, maxLength: 100 }),
  )
  .chain(([special, lower, upper, d1, d2, filler]) =>
    fc.shuffledSubarray([special, lower, upper, String(d1), String(d2), ...filler], {
      minLength: filler.length + 5,
      maxLength: filler.length + 5,
    }),
  )
  .map((characters) => characters.join(''));

describe('registration', () => {
  it('accepts a complete registration and defaults the newsletter to false', () => {
    const result = fieldErrors(registerRequestSchema, validRegistration);
    expect(result).toEqual({ ok: true, value: { ...validRegistration, newsletterSubscription: false } });
  });

  it('accepts any valid email, name and password', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((email) => email.length <= 254),
        validPassword,
        fc.string({ minLength: 2, maxLength: 100 }).filter((name) => name.trim().length >= 2),
        fc.boolean(),
        (email, password, firstname, newsletterSubscription) => {
          const result = fieldErrors(registerRequestSchema, {
            ...validRegistration,
            email,
            password,
            firstname,
            newsletterSubscription,
          });
          expect(result).toMatchObject({ ok: true, value: { password, newsletterSubscription } });
        },
      ),
    );
  });

  it('says a missing field is required', () => {
    expect(errorsOf(registerRequestSchema, {})).toEqual({
      email: ['is required'],
      password: ['is required'],
      firstname: ['is required'],
      lastname: ['is required'],
      country: ['is required'],
      dateTermsAndConditions: ['is required'],
    });
  });

  it.each([
    ['an escape sequence', 'Ringo\u001b[31m'],
    ['a terminal title', 'Ri\u001b]0;pwned\u0007ngo'],
    ['a tab inside', 'Rin\tgo'],
    ['a line break inside', 'Rin\ngo'],
    ['a C1 control', 'Rin\u009bgo'],
    ['DEL', 'Rin\u007fgo'],
    ['a bidi override', 'Rin\u202Ego'],
  ])('refuses a name with %s', (_kind, name) => {
    const message = 'must not contain control characters (such as tabs, line breaks or escape codes)';
    expect(
      errorsOf(registerRequestSchema, { ...validRegistration, firstname: name, lastname: name }),
    ).toEqual({
      firstname: [message],
      lastname: [message],
    });
  });

  it('accepts names in any script, with accents, apostrophes, hyphens and inner spaces', () => {
    for (const name of ["Zoë O'Neil-Ávila", 'Ноа', '佐藤 太郎', 'محمد', ' Ringo ']) {
      expect(errorsOf(registerRequestSchema, { ...validRegistration, firstname: name })).toEqual({});
    }
  });

  it('says an empty or blank field is required, and nothing more', () => {
    expect(
      errorsOf(registerRequestSchema, {
        ...validRegistration,
        email: ' ',
        password: '',
        firstname: '   ',
        country: '',
      }),
    ).toEqual({
      email: ['is required'],
      password: ['is required'],
      firstname: ['is required'],
      country: ['is required'],
    });
  });

  it.each([
    ['email', 'ringo@', 'must be a valid email'],
    ['email', 'ringo example.com', 'must be a valid email'],
    ['email', 'ringo@example', 'must be a valid email'],
    ['email', '.ringo@example.com', 'must be a valid email'],
    ['email', 'ringo@example..com', 'must be a valid email'],
    ['firstname', 'R', 'length must be at least 2 characters long'],
    ['lastname', ' S ', 'length must be at least 2 characters long'],
    ['firstname', 'x'.repeat(101), 'length must be less than or equal to 100 characters long'],
    ['password', 'Ab1!9', 'length must be at least 8 characters long'],
    ['password', 'Abcdef12', 'should contain at least 1 special character'],
    ['password', 'ABCDEF1!2', 'should contain at least 1 lowercase letter'],
    ['password', 'abcdef1!2', 'should contain at least 1 uppercase letter'],
    ['password', 'Abcdefg!1', 'should contain at least 2 numeric character'],
    ['password', 'Abc def!12', 'should not contain white spaces'],
    ['password', `Ab!12${'x'.repeat(124)}`, 'length must be less than or equal to 128 characters long'],
    ['country', 'GBR', 'must be a two-letter country code'],
    ['country', 'G1', 'must be a two-letter country code'],
    ['dateTermsAndConditions', 'yesterday', 'must be in ISO 8601 date format'],
    ['dateTermsAndConditions', '2024-02-30T10:00:00Z', 'must be in ISO 8601 date format'],
  ])('rejects %s %j with exactly "%s"', (field, value, message) => {
    expect(errorsOf(registerRequestSchema, { ...validRegistration, [field]: value })).toEqual({
      [field]: [message],
    });
  });

  it('accepts any top-level domain', () => {
    for (const email of ['a@b.c', 'drummer@studio.drums', 'x+y@sub.example.co.uk']) {
      expect(fieldErrors(emailQuerySchema, { email }).ok).toBe(true);
    }
  });

  it('collects every broken password rule at once', () => {
    expect(errorsOf(registerRequestSchema, { ...validRegistration, password: 'ab c' })).toEqual({
      password: [
        'length must be at least 8 characters long',
        'should contain at least 1 special character',
        'should contain at least 1 uppercase letter',
        'should contain at least 2 numeric character',
        'should not contain white spaces',
      ],
    });
  });

  it('reports exactly the password rules an independent check finds broken', () => {
    const expectedMessages = (password: string): string[] => {
      const characters = [...password];
      const messages: string[] = [];
      if (password.length < 8) messages.push('length must be at least 8 characters long');
      if (password.length > 128) messages.push('length must be less than or equal to 128 characters long');
      if (!characters.some((c) => !/[\p{L}\p{N}\s]/u.test(c)))
        messages.push('should contain at least 1 special character');
      if (!characters.some((c) => c !== c.toUpperCase() && /\p{Ll}/u.test(c)))
        messages.push('should contain at least 1 lowercase letter');
      if (!characters.some((c) => c !== c.toLowerCase() && /\p{Lu}/u.test(c)))
        messages.push('should contain at least 1 uppercase letter');
      if (characters.filter((c) => /\p{Nd}/u.test(c)).length < 2)
        messages.push('should contain at least 2 numeric character');
      if (characters.some((c) => /\s/u.test(c))) messages.push('should not contain white spaces');
      return messages;
    };
    const passwordCharacters = fc.constantFrom(...'aZ9 !\tÄß5_x'.split(''));
    fc.assert(
      fc.property(fc.array(passwordCharacters, { minLength: 1, maxLength: 140 }), (characters) => {
        const password = characters.join('');
        const errors = errorsOf(changePasswordRequestSchema, { secret: 's'.repeat(150), password });
        expect(errors.password ?? []).toEqual(expectedMessages(password));
      }),
    );
  });

  it('is strict about types: numbers are not strings, strings are not booleans', () => {
    expect(
      errorsOf(registerRequestSchema, {
        ...validRegistration,
        firstname: 42,
        password: ['Str0ng!pass9'],
        newsletterSubscription: 'true',
      }),
    ).toEqual({
      firstname: ['must be a string'],
      password: ['must be a string'],
      newsletterSubscription: ['must be a boolean'],
    });
  });

  it('strips unknown keys and normalises what it may', () => {
    const result = fieldErrors(registerRequestSchema, {
      ...validRegistration,
      email: '  ringo@example.com ',
      firstname: ' Ringo ',
      country: 'gb',
      isAdmin: true,
    });
    expect(result.ok && result.value).toEqual({
      ...validRegistration,
      newsletterSubscription: false,
    });
  });

  it('bounds the email length', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example`;
    expect(email.length).toBeGreaterThan(254);
    expect(errorsOf(emailQuerySchema, { email }).email).toContain(
      'length must be less than or equal to 254 characters long',
    );
  });
});

describe('authentication', () => {
  it('needs an email and a password, whatever the password looks like', () => {
    expect(fieldErrors(authenticateRequestSchema, { email: 'a@b.de', password: 'x' }).ok).toBe(true);
    expect(errorsOf(authenticateRequestSchema, { email: 'nope' })).toEqual({
      email: ['must be a valid email'],
      password: ['is required'],
    });
  });
});

describe('password change', () => {
  it('needs a secret of at least 150 characters and a valid new password', () => {
    expect(
      fieldErrors(changePasswordRequestSchema, { secret: 's'.repeat(150), password: 'Str0ng!pass9' }).ok,
    ).toBe(true);
    expect(errorsOf(changePasswordRequestSchema, { secret: 's'.repeat(149), password: 'weak' })).toEqual({
      secret: ['length must be at least 150 characters long'],
      password: [
        'length must be at least 8 characters long',
        'should contain at least 1 special character',
        'should contain at least 1 uppercase letter',
        'should contain at least 2 numeric character',
      ],
    });
    expect(errorsOf(changePasswordRequestSchema, { password: 'Str0ng!pass9' })).toEqual({
      secret: ['is required'],
    });
  });
});
