import { describe, expect, it } from 'vitest';
import { isAddressedTo } from './outbox-erasure.js';

const mail = (headers: string) => `${headers}\nSubject: Hi\n\nHi Ringo, write to other@example.com\n`;

describe('which outbox mails belong to an erased customer', () => {
  it('matches the To, Cc or Bcc address, whatever its case, also in a folded header', () => {
    expect(isAddressedTo(mail('To: ringo@example.com'), 'Ringo@Example.com')).toBe(true);
    expect(isAddressedTo(mail('To: "Ringo" <RINGO@example.com>'), 'ringo@example.com')).toBe(true);
    expect(isAddressedTo(mail('To: a@example.com,\n b@example.com'), 'b@example.com')).toBe(true);
    expect(isAddressedTo(mail('To: a@example.com\nCc: ringo@example.com'), 'ringo@example.com')).toBe(true);
  });

  it('leaves mails to others, and does not read the body', () => {
    expect(isAddressedTo(mail('To: george@example.com'), 'ringo@example.com')).toBe(false);
    expect(isAddressedTo(mail('To: xringo@example.com'), 'ringo@example.com')).toBe(false);
    expect(isAddressedTo(mail('To: george@example.com'), 'other@example.com')).toBe(false);
  });
});
