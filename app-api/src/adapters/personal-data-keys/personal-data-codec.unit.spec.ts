import fc from 'fast-check';
import type { EventToAppend, RecordedEvent } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import {
  createPersonalDataCodec,
  ENCRYPTED_FIELD_SCHEME,
  ERASED_PERSONAL_DATA,
  PERSONAL_DATA_FIELDS,
  UNREADABLE_PERSONAL_DATA,
} from './personal-data-codec.js';
import { createInMemoryPersonalDataKeys, newPersonalDataKey } from './personal-data-keys.js';

const STREAM = 'customer-7d0c1f52-1a7e-4c3a-9a52-3f0e8f1c2b11';
const metadata = { schemaVersion: 1, time: '2026-05-04T20:03:09.000Z' };

/** Text long enough that a chance match inside base64 is out of the question. */
const personalText = fc.string({ minLength: 8, maxLength: 60, unit: 'grapheme' });

const registration = fc.record({
  email: personalText,
  firstname: personalText,
  lastname: personalText,
  country: personalText,
  passwordHash: personalText,
});

const registered = (personal: Record<string, string>): EventToAppend => ({
  type: 'CustomerRegistered',
  data: {
    customerId: '7d0c1f52-1a7e-4c3a-9a52-3f0e8f1c2b11',
    ...personal,
    newsletterSubscription: true,
    dateTermsAndConditions: '2026-05-04T20:00:00.000Z',
    registeredAt: '2026-05-04T20:03:09.000Z',
  },
  metadata,
});

/** What a store hands back for an appended event. */
const recorded = (event: EventToAppend, streamId = STREAM): RecordedEvent => ({
  id: 'e1',
  streamId,
  type: event.type,
  data: JSON.parse(JSON.stringify(event.data)) as unknown,
  metadata: event.metadata,
  revision: 0,
  position: 1,
});

const setup = () => {
  const keys = createInMemoryPersonalDataKeys();
  return { keys, codec: createPersonalDataCodec(keys) };
};

describe('personal-data codec (crypto-shredding)', () => {
  it('round trip: every personal field reads back as written, the rest is never touched', async () => {
    await fc.assert(
      fc.asyncProperty(registration, async (personal) => {
        const { codec } = setup();
        const event = registered(personal);
        const sealed = await codec.seal(STREAM, event);
        expect((await codec.open(recorded(sealed))).data).toEqual(event.data);
      }),
    );
  });

  it('the stored bytes never contain a personal value, in any form JSON writes it', async () => {
    await fc.assert(
      fc.asyncProperty(registration, async (personal) => {
        const { codec } = setup();
        const stored = JSON.stringify(await codec.seal(STREAM, registered(personal)));
        for (const value of Object.values(personal)) {
          expect(stored).not.toContain(value);
          expect(stored).not.toContain(JSON.stringify(value).slice(1, -1));
        }
      }),
    );
  });

  it('each field is sealed under the version marker, ids and times stay readable', async () => {
    const { codec } = setup();
    const data = (await codec.seal(STREAM, registered({ email: 'ringo@example.com', firstname: 'Ringo' })))
      .data as Record<string, unknown>;
    expect(data.email).toMatchObject({ $encrypted: ENCRYPTED_FIELD_SCHEME });
    expect(data.firstname).toMatchObject({ $encrypted: ENCRYPTED_FIELD_SCHEME });
    expect(data.customerId).toBe('7d0c1f52-1a7e-4c3a-9a52-3f0e8f1c2b11');
    expect(data.registeredAt).toBe('2026-05-04T20:03:09.000Z');
    expect(data.newsletterSubscription).toBe(true);
  });

  it('a fresh IV for each field and event: the same value never seals to the same bytes', async () => {
    const { codec } = setup();
    const seal = async () =>
      (await codec.seal(STREAM, registered({ firstname: 'Ringo', lastname: 'Ringo' }))).data as Record<
        string,
        { iv: string; data: string }
      >;
    const [one, two] = [await seal(), await seal()];
    const ivs = [one.firstname!.iv, one.lastname!.iv, two.firstname!.iv, two.lastname!.iv];
    expect(new Set(ivs).size).toBe(4);
    expect(one.firstname!.data).not.toBe(two.firstname!.data);
  });

  it('once the key is deleted every personal field reads as the marker, nothing throws', async () => {
    await fc.assert(
      fc.asyncProperty(registration, async (personal) => {
        const { codec, keys } = setup();
        const event = registered(personal);
        const stored = recorded(await codec.seal(STREAM, event));
        await keys.forget(STREAM);
        const read = (await codec.open(stored)).data as Record<string, unknown>;
        for (const field of PERSONAL_DATA_FIELDS.CustomerRegistered!)
          expect(read[field]).toBe(ERASED_PERSONAL_DATA);
        expect(read.customerId).toBe((event.data as Record<string, unknown>).customerId);
      }),
    );
  });

  it('a key made again for a re-created stream does not open the old events', async () => {
    const { codec, keys } = setup();
    const stored = recorded(await codec.seal(STREAM, registered({ email: 'ringo@example.com' })));
    await keys.forget(STREAM);
    await keys.keyFor(STREAM);
    expect(((await codec.open(stored)).data as { email: unknown }).email).toBe(ERASED_PERSONAL_DATA);
  });

  it('a sealed field moved to another stream or field does not open there, even under the same key', async () => {
    const key = newPersonalDataKey();
    const codec = createPersonalDataCodec({
      keyFor: async () => key,
      existingKeys: async (streamIds) => new Map(streamIds.map((streamId) => [streamId, key])),
      erasedAmong: async () => new Set(),
      forget: async () => {},
      isEmpty: async () => false,
    });
    const sealed = await codec.seal(STREAM, registered({ email: 'ringo@example.com', firstname: 'Ringo' }));
    expect(((await codec.open(recorded(sealed, 'customer-other'))).data as { email: unknown }).email).toBe(
      ERASED_PERSONAL_DATA,
    );
    const data = sealed.data as Record<string, unknown>;
    const swapped = { ...sealed, data: { ...data, firstname: data.email } };
    expect(((await codec.open(recorded(swapped))).data as { firstname: unknown }).firstname).toBe(
      ERASED_PERSONAL_DATA,
    );
  });

  it('plaintext written before shredding reads unchanged, and a scheme it does not know reads as erased', async () => {
    const { codec, keys } = setup();
    const old = recorded(registered({ email: 'old@example.com', firstname: 'Old' }));
    expect(await codec.open(old)).toBe(old);
    await keys.keyFor(STREAM);
    const future = recorded({
      type: 'PasswordChanged',
      data: { passwordHash: { $encrypted: 'xchacha20/v9', iv: 'AA==', data: 'AA==' }, changedAt: 'x' },
      metadata,
    });
    expect(((await codec.open(future)).data as { passwordHash: unknown }).passwordHash).toBe(
      ERASED_PERSONAL_DATA,
    );
  });

  it('a value that looks sealed is sealed again and reads back exactly as it was given', async () => {
    const lookalike = fc.record({
      $encrypted: fc.oneof(fc.constant(ENCRYPTED_FIELD_SCHEME), fc.string()),
      iv: fc.oneof(fc.string(), fc.integer()),
      data: personalText,
    });
    await fc.assert(
      fc.asyncProperty(lookalike, personalText, async (value, email) => {
        const { codec } = setup();
        const event = registered({ email });
        const given = { ...(event.data as Record<string, unknown>), firstname: value };
        const sealed = await codec.seal(STREAM, { ...event, data: given });
        const stored = sealed.data as { firstname: { $encrypted: unknown; data: string } };
        expect(stored.firstname.$encrypted).toBe(ENCRYPTED_FIELD_SCHEME);
        expect(JSON.stringify(sealed)).not.toContain(value.data);
        expect((await codec.open(recorded(sealed))).data).toEqual(given);
      }),
    );
  });

  it('events without personal fields pass as they are, and make no key', async () => {
    const { codec, keys } = setup();
    const event: EventToAppend = { type: 'EmailVerified', data: { verifiedAt: 'x' }, metadata };
    expect(await codec.seal(STREAM, event)).toBe(event);
    expect(keys.size).toBe(0);
  });

  it('the newsletter address and a teacher’s name and address are sealed too', async () => {
    const { codec } = setup();
    const newsletter = await codec.seal('newsletter-abc', {
      type: 'NewsletterSubscriptionConfirmed',
      data: { email: 'fan@example.com', confirmedAt: 'x' },
      metadata,
    });
    const teacher = await codec.seal('teacher-t1', {
      type: 'TeacherAdded',
      data: {
        teacherId: 't1',
        name: 'Sheila Escovedo',
        email: 'sheila@example.com',
        timeZone: 'UTC',
        addedAt: 'x',
      },
      metadata,
    });
    const stored = JSON.stringify([newsletter, teacher]);
    for (const value of ['fan@example.com', 'Sheila Escovedo', 'sheila@example.com'])
      expect(stored).not.toContain(value);
    expect(((await codec.open(recorded(teacher, 'teacher-t1'))).data as { name: unknown }).name).toBe(
      'Sheila Escovedo',
    );
  });

  it('a key missing without a recorded erasure reads as unreadable, not erased, and is reported by stream', async () => {
    const { codec } = setup();
    const stored = recorded(await codec.seal(STREAM, registered({ email: 'ringo@example.com' })));
    // The same events read against a key store that lost the key (a fresh one: no erasure recorded).
    const reported: string[] = [];
    const lost = createPersonalDataCodec(createInMemoryPersonalDataKeys(), {
      onMissingKey: (streamId) => reported.push(streamId),
    });
    const read = (await lost.open(stored)).data as Record<string, unknown>;
    expect(read.email).toBe(UNREADABLE_PERSONAL_DATA);
    expect(read.customerId).toBe('7d0c1f52-1a7e-4c3a-9a52-3f0e8f1c2b11');
    expect(reported).toEqual([STREAM]);
  });

  it('an erased stream reads as erased and is not reported', async () => {
    const keys = createInMemoryPersonalDataKeys();
    const reported: string[] = [];
    const codec = createPersonalDataCodec(keys, { onMissingKey: (streamId) => reported.push(streamId) });
    const stored = recorded(await codec.seal(STREAM, registered({ email: 'ringo@example.com' })));
    await keys.forget(STREAM);
    expect(((await codec.open(stored)).data as { email: unknown }).email).toBe(ERASED_PERSONAL_DATA);
    expect(reported).toEqual([]);
  });

  it('a page of events is opened with one look-up of its streams’ keys', async () => {
    const keys = createInMemoryPersonalDataKeys();
    const codec = createPersonalDataCodec(keys);
    const streams = ['customer-a', 'customer-b', 'customer-c'];
    const page: RecordedEvent[] = [];
    for (const streamId of [...streams, ...streams])
      page.push(
        recorded(await codec.seal(streamId, registered({ email: `${streamId}@example.com` })), streamId),
      );
    const lookups: string[][] = [];
    const counted = createPersonalDataCodec({
      ...keys,
      existingKeys: (streamIds) => {
        lookups.push([...streamIds]);
        return keys.existingKeys(streamIds);
      },
    });
    const opened = await counted.openAll(page);
    expect(opened.map((event) => (event.data as { email: unknown }).email)).toEqual(
      [...streams, ...streams].map((streamId) => `${streamId}@example.com`),
    );
    expect(lookups).toEqual([streams]);
  });
});
