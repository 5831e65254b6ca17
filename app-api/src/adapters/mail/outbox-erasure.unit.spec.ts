import { describe, expect, it } from 'vitest';
import { teacherLessonMail } from '../../retention/teacher-lesson-mail.js';
import { decodedMailText, isAddressedTo, mentionsAddress } from './outbox-erasure.js';

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

describe('which outbox mails are about an erased customer', () => {
  const teacherCopy = async () => {
    const nodemailer = (await import('nodemailer')).default;
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const mail = teacherLessonMail(
      {
        bookingId: 'b1',
        startsAt: new Date('2026-04-14T16:00:00Z'),
        kind: 'booked',
        publicUrl: 'http://localhost:3000',
        teacher: { email: 'tina@example.com', name: 'Tina Drums', timeZone: 'Europe/Berlin' },
        customer: {
          email: 'ringo.starr.with.a.long.address@example.com',
          name: 'Ringo Starr',
          timeZone: 'Europe/London',
        },
      },
      'teacher',
    );
    const info = await transport.sendMail({ from: 'hello@stickwork.local', ...mail });
    return info.message as Buffer;
  };

  it("finds the customer's address in another person's mail, only once its parts are decoded", async () => {
    const message = await teacherCopy();
    // The .ics is base64: the raw bytes do not hold the address.
    expect(message.toString('utf8')).not.toContain('ringo.starr.with.a.long.address@example.com');
    expect(await mentionsAddress(message, 'Ringo.Starr.With.A.Long.Address@example.com')).toBe(true);
    expect(await decodedMailText(message)).toContain('mailto:ringo.starr.with.a.long.address@example.com');
  });

  it('matches the whole address only', async () => {
    const message = await teacherCopy();
    expect(await mentionsAddress(message, 'starr.with.a.long.address@example.com')).toBe(false);
    expect(await mentionsAddress(message, 'ringo.starr.with.a.long.address@example.co')).toBe(false);
    expect(await mentionsAddress(message, 'george@example.com')).toBe(false);
  });
});
