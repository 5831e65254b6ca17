import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeacher, setTeacherAvailability } from '@stickwork/app-api';
import { decodedMailText, readOutbox } from '../../support/outbox.js';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '@stickwork/app-api/testing';

/**
 * The reliability suite's erasure scan: after DELETE /api/delete/account no file under DATA_DIR
 * (the SQLite file, its WAL and free pages, the outbox, secrets, anything) holds the customer's
 * email or names, in UTF-8, UTF-16 or base64; and no mail in the outbox holds them once each of
 * its MIME parts is decoded (base64 split across lines, quoted-printable, encoded words, folded
 * calendar lines), whoever it was sent to.
 */
let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server, { ip: nextClientIp() });
});
afterAll(() => server.close());

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });

/** The byte patterns of a text in UTF-8, UTF-16 (both orders) and base64 at each alignment. */
const encodings = (text: string): Record<string, Buffer> => {
  const utf8 = Buffer.from(text, 'utf8');
  const utf16le = Buffer.from(text, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();
  const base64 = [0, 1, 2].map((offset) => {
    // The characters that depend on the text alone: skip the mixed first group and the padded end.
    const encoded = Buffer.concat([Buffer.alloc(offset, 0x20), utf8]).toString('base64');
    return Buffer.from(encoded.slice(offset === 0 ? 0 : 4, -4), 'ascii');
  });
  return {
    'UTF-8': utf8,
    'UTF-16LE': utf16le,
    'UTF-16BE': utf16be,
    'base64/0': base64[0]!,
    'base64/1': base64[1]!,
    'base64/2': base64[2]!,
  };
};

/** `file: needle (encoding)` for every hit under DATA_DIR. */
const scan = (needles: string[]): string[] => {
  const files = filesUnder(server.dataDir).map((file) => ({ file, bytes: fs.readFileSync(file) }));
  return needles.flatMap((needle) =>
    Object.entries(encodings(needle)).flatMap(([encoding, pattern]) =>
      files
        .filter(({ bytes }) => bytes.includes(pattern))
        .map(({ file }) => `${path.relative(server.dataDir, file)}: ${needle} (${encoding})`),
    ),
  );
};

/**
 * Every decoded part of each outbox mail (mailparser: headers and their encoded words, text, HTML,
 * attachments such as a lesson's .ics), folded lines joined, searched for the needles in any case.
 */
const scanMimeParts = async (needles: string[]): Promise<string[]> => {
  const outbox = path.join(server.dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? filesUnder(outbox).filter((file) => file.endsWith('.eml')) : [];
  const hits: string[] = [];
  for (const file of files) {
    const decoded = decodedMailText(await simpleParser(fs.readFileSync(file)));
    for (const needle of needles)
      if (decoded.includes(needle.toLowerCase()))
        hits.push(`${path.relative(server.dataDir, file)}: ${needle} (decoded MIME)`);
  }
  return hits;
};

const streamText = async (prefix: string, customerId: string) =>
  JSON.stringify(
    (await server.backend.store.readAll()).filter(
      (event) =>
        event.streamId.startsWith(prefix) &&
        (event.streamId.endsWith(customerId) || JSON.stringify(event.data).includes(customerId)),
    ),
  );

describe('erasure: a byte scan of all of DATA_DIR', () => {
  it('finds the email and names before, and none of them, in no encoding, after', async () => {
    const marker = randomUUID().slice(0, 8);
    const firstname = `Zildjianna${marker}`;
    const lastname = `Paistewicz${marker}`;
    const { email, token } = await registerCustomer(api, {
      email: `erase.me.${marker}@example.com`,
      firstname,
      lastname,
    });
    const customerId = decodeJwtPayload(token).customerId as string;
    const as = { token };

    // A life worth erasing: mails of every kind, a paid plan through the local provider (paid by a
    // card in the customer's own name), practice, a newsletter confirmation, a teacher lesson (the
    // teacher's copy names the customer, its .ics in base64).
    expect((await api.get(`/api/pw-recovery?email=${encodeURIComponent(email)}`)).status).toBe(200);
    const checkout = await api.get(
      '/api/payment/create-checkout-session?priceId=price_exclusive_monthly',
      as,
    );
    expect(checkout.status).toBe(200);
    const { clientSecret } = checkout.json as { clientSecret: string };
    const paid = await api.post(
      '/api/payment/test-payments/pay',
      {
        clientSecret,
        number: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
        name: `${firstname} ${lastname}`,
      },
      as,
    );
    expect(paid.status).toBe(200);
    const fresh = (await api.get('/api/authenticate/update-jwt', as)).json as { token: string };
    const rated = await api.post(
      '/api/focus',
      { skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }] },
      { token: fresh.token },
    );
    expect(rated.status).toBe(200);
    expect((await api.post('/api/usage', { usageType: 'lesson' }, { token: fresh.token })).status).toBe(201);
    expect((await api.post('/api/newsletter', { email })).status).toBe(202);
    const teacherId = `scan-${marker}`;
    await addTeacher(server.backend, {
      teacherId,
      name: 'Kit Kick',
      email: `kit.${marker}@example.com`,
      timeZone: 'UTC',
    });
    await setTeacherAvailability(
      server.backend,
      teacherId,
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '12:00' })),
    );
    const lessons = (await api.get('/api/teacher-lessons', { token: fresh.token })).json as {
      teachers: { teacherId: string; slots: { startsAt: string }[] }[];
    };
    const slot = lessons.teachers.find((teacher) => teacher.teacherId === teacherId)!.slots[3]!;
    const booked = await api.post(
      '/api/teacher-lessons',
      { teacherId, startsAt: slot.startsAt },
      { token: fresh.token },
    );
    expect(booked.status, booked.text).toBe(201);
    expect((await api.post('/api/authenticate', { email, password: 'Wrong-password-1!' })).status).toBe(401);
    expect((await api.post('/api/authenticate', { email, password: 'Paradiddle-42' })).status).toBe(200);
    // Rate-limit counters are keyed by the email's digest, never the address; they go with the account too.
    const digest = createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex');
    const counterKeys = () =>
      (
        server.backend.store as unknown as {
          database: { prepare(sql: string): { pluck(): { all(): string[] } } };
        }
      ).database
        .prepare('SELECT key FROM rate_limits')
        .pluck()
        .all()
        .filter((key) => key.includes(digest));
    expect(counterKeys().length).toBeGreaterThan(0);

    const needles = [email, firstname, lastname];
    // The scan sees them before: in the store and in the outbox.
    const before = scan(needles);
    expect(before.some((hit) => hit.startsWith('stickwork.sqlite'))).toBe(true);
    expect(before.some((hit) => hit.startsWith('outbox'))).toBe(true);
    // The decoding scan sees them too, in the teacher's copy of the lesson as well.
    const decodedBefore = await scanMimeParts(needles);
    expect(decodedBefore.length).toBeGreaterThan(0);
    const teacherCopies = (await scanMimeParts([`kit.${marker}@example.com`])).map(
      (hit) => hit.split(':')[0],
    );
    expect(decodedBefore.some((hit) => teacherCopies.includes(hit.split(':')[0]))).toBe(true);
    // The anonymous payment streams never carry them.
    for (const prefix of ['payments-', 'checkout-']) {
      const text = await streamText(prefix, customerId);
      expect(text.length, prefix).toBeGreaterThan(2);
      for (const needle of needles) expect(text, `${prefix} ${needle}`).not.toContain(needle);
    }

    expect((await api.delete('/api/delete/account', { token: fresh.token })).status).toBe(200);

    expect(scan([...needles, email.toUpperCase()])).toEqual([]);
    expect(await scanMimeParts(needles)).toEqual([]);
    // The teacher was told the slot is free, without the customer's name or address.
    const toTeacher = (await readOutbox(server.dataDir)).filter(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === `kit.${marker}@example.com`,
    );
    expect(toTeacher.map((mail) => mail.subject?.split(':')[0])).toEqual(['Teacher lesson cancelled']);
    expect(counterKeys()).toEqual([]);
  });
});
