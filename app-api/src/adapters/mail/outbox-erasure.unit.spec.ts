import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { teacherLessonMail } from '../../teacher-lessons/teacher-lesson-mail.js';
import { decodedMailText, eraseOutboxMailsAbout, isAddressedTo, mentionsAddress } from './outbox-erasure.js';

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

/** The teacher's copy of a booked lesson, as nodemailer writes it to the outbox. */
const teacherCopy = async () => {
  const nodemailer = (await import('nodemailer')).default;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mail = teacherLessonMail(
    {
      bookingId: 'b1',
      startsAt: new Date('2026-04-14T16:00:00Z'),
      kind: 'booked',
      meetingLink: 'https://meet.example.com/tina',
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

describe('which outbox mails are about an erased customer', () => {
  it("finds the customer's address in another person's mail, only once its parts are decoded", async () => {
    const message = await teacherCopy();
    // The .ics is base64: the raw bytes do not hold the address.
    expect(message.toString('utf8')).not.toContain('ringo.starr.with.a.long.address@example.com');
    expect(await mentionsAddress(message, 'Ringo.Starr.With.A.Long.Address@example.com')).toBe(true);
    expect(await decodedMailText(message)).toContain('mailto:ringo.starr.with.a.long.address@example.com');
  });

  it('decodes quoted-printable text (a soft line break inside the address) and base64 split across lines', async () => {
    const address = 'ringo.starr.with.a.long.address@example.com';
    const base64 = Buffer.from(`Drummer: ${address}\n`).toString('base64');
    const message = Buffer.from(
      [
        'To: tina@example.com',
        'Subject: Lesson',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Your lesson with Ringo, who writes from ringo.starr.with.a.lo=',
        'ng.address=40example.com.',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        base64.slice(0, 20),
        base64.slice(20),
        '--b--',
        '',
      ].join('\r\n'),
    );
    expect(message.toString('utf8')).not.toContain(address);
    const decoded = await decodedMailText(message);
    expect(decoded).toContain(`from ${address}.`);
    expect(decoded).toContain(`Drummer: ${address}`);
    expect(await mentionsAddress(message, address)).toBe(true);
  });

  it('matches the whole address only', async () => {
    const message = await teacherCopy();
    expect(await mentionsAddress(message, 'starr.with.a.long.address@example.com')).toBe(false);
    expect(await mentionsAddress(message, 'ringo.starr.with.a.long.address@example.co')).toBe(false);
    expect(await mentionsAddress(message, 'george@example.com')).toBe(false);
  });
});

describe('the outbox erasure', () => {
  it('removes every mail to or about the address once, even with another erasure running beside it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-outbox-'));
    try {
      const about = await teacherCopy();
      for (let index = 0; index < 20; index += 1)
        fs.writeFileSync(path.join(dir, `${index}-about.eml`), about);
      fs.writeFileSync(path.join(dir, 'other.eml'), mail('To: george@example.com'));
      const email = 'ringo.starr.with.a.long.address@example.com';
      const erased = await Promise.all([
        eraseOutboxMailsAbout(dir, email),
        eraseOutboxMailsAbout(dir, email),
      ]);
      expect(erased[0]! + erased[1]!).toBe(20);
      expect(fs.readdirSync(dir)).toEqual(['other.eml']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
