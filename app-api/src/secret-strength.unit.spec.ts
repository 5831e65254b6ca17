import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretWeakness } from './secret-strength.js';

describe('secret strength', () => {
  it('accepts what the server generates and what `openssl rand` gives (hex of 16+ bytes, base64 of 24+)', () => {
    expect(secretWeakness(randomBytes(48).toString('base64url'))).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 64 }), (bytes) => {
        expect(secretWeakness(Buffer.from(bytes).toString('hex'))).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 64 }), (bytes) => {
        expect(secretWeakness(Buffer.from(bytes).toString('base64'))).toBeNull();
      }),
    );
  });

  it('refuses any 32+ characters made of fewer than 8 distinct ones', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }), {
          minLength: 1,
          maxLength: 7,
        }),
        fc.integer({ min: 32, max: 200 }),
        (alphabet, length) => {
          const secret = Array.from({ length }, (_, index) => alphabet[index % alphabet.length]).join('');
          expect(secretWeakness(secret)).toMatch(/is too weak: only \d distinct characters/);
        },
      ),
    );
  });

  it('refuses a short one by its length, and text that is neither hex nor base64 below 16 distinct characters', () => {
    expect(secretWeakness('')).toBe('holds nothing; a secret needs at least 32');
    expect(secretWeakness('x'.repeat(31))).toBe('holds only 31 characters; a secret needs at least 32');
    expect(secretWeakness('drum kit! '.repeat(4))).toMatch(/^is too weak: only 9 distinct characters/);
    expect(secretWeakness('drum kit, snare & hi-hat!')).toBe(
      'holds only 25 characters; a secret needs at least 32',
    );
  });
});
