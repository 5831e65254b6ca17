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
    expect(secretWeakness('the quick brown fox jumps over the lazy dog')).toBeNull();
    expect(secretWeakness('drum kit, snare & hi-hat!')).toBe(
      'holds only 25 characters; a secret needs at least 32',
    );
  });

  it('counts a repeated run once: 8 distinct characters x 4 are refused, whatever their length suggests', () => {
    expect(secretWeakness('abcdefgh'.repeat(4))).toBe(
      'is too weak: it repeats a run of 8 characters (about 48 bits); a secret needs 128 random bits, with no short run repeated',
    );
    expect(secretWeakness('01234567'.repeat(4))).toMatch(
      /^is too weak: it repeats a run of 8 characters \(about 32 bits\)/,
    );
    expect(secretWeakness('abcdefghijklmnop'.repeat(2))).toMatch(
      /repeats a run of 16 characters \(about 96 bits\)/,
    );
    // Any strong secret repeated is as weak as one copy of its run, when that run is short.
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 4, maxLength: 15 }),
        fc.integer({ min: 2, max: 8 }),
        (bytes, times) => {
          const run = Buffer.from(bytes).toString('hex');
          fc.pre(run.repeat(times).length >= 32);
          expect(secretWeakness(run.repeat(times))).toMatch(/^is too weak/);
        },
      ),
    );
  });
});
