import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId, dayKeyInZone, practiceStreamId, type CustomerState } from '@stickwork/domain';
import { loadCustomer } from './customer-records.js';
import {
  registerDrummer,
  startPracticeServer,
  type PracticeTestServer,
} from '../practice/testing/practice-fixtures.js';

/**
 * The daily limit counts on the customer's days in the zone pinned with the
 * customer, so no `time-zone` header can hand out a 4th lesson on one of those days.
 */
let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer('2026-03-10T09:00:00.000Z');
});
afterAll(() => server.close());

/** The widest spread of offsets there is, plus headers that are no zone at all. */
const HEADERS = [
  'Etc/GMT+12',
  'Pacific/Kiritimati',
  'Pacific/Chatham',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Europe/Berlin',
  'UTC',
  'Etc/GMT-14',
  'Not/AZone',
  '+05:00',
  '',
  undefined,
] as const;

const pinnedZone = async (customerId: string) => {
  const customer: CustomerState = await loadCustomer(server.backend.store, customerId);
  return customer.status === 'registered' ? customer.timeZone : null;
};

/** Counted lessons per day of the pinned zone, from the events' own times. */
const countedPerDay = async (customerId: string, zone: string) => {
  const events = await server.backend.store.readStream(practiceStreamId(customerId));
  const days = new Map<string, number>();
  for (const event of events.filter((candidate) => candidate.type === 'UsageIncremented')) {
    const day = dayKeyInZone(new Date(event.metadata.time), zone);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
};

describe('the pinned time zone', () => {
  it('is pinned by the first practice write (reads record nothing) and does not follow later headers', async () => {
    server.setNow('2026-03-10T09:00:00.000Z');
    const drummer = await registerDrummer(server);
    const headers = { 'time-zone': 'Asia/Kathmandu' };
    expect((await drummer.api.get('/api/usage', { headers: { 'time-zone': 'Europe/Paris' } })).status).toBe(
      200,
    );
    expect(await pinnedZone(drummer.customerId)).toBeNull();
    expect((await drummer.api.post('/api/usage', { usageType: 'lesson' }, { headers })).status).toBe(201);
    expect(await pinnedZone(drummer.customerId)).toBe('Asia/Kathmandu');
    expect(
      (
        await drummer.api.post(
          '/api/usage',
          { usageType: 'lesson' },
          { headers: { 'time-zone': 'Etc/GMT+12' } },
        )
      ).status,
    ).toBe(201);
    expect(await pinnedZone(drummer.customerId)).toBe('Asia/Kathmandu');
    const types = (await server.backend.store.readStream(customerStreamId(drummer.customerId))).map(
      (event) => event.type,
    );
    expect(types.filter((type) => type.startsWith('TimeZone'))).toEqual(['TimeZonePinned']);
    expect((await drummer.api.get('/api/customer-info/time-zone')).json).toEqual({
      timeZone: 'Asia/Kathmandu',
    });
  });

  it('pins UTC when the first write has no valid zone', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post(
      '/api/usage',
      { usageType: 'lesson' },
      { headers: { 'time-zone': 'Mars/Olympus_Mons' } },
    );
    expect(await pinnedZone(drummer.customerId)).toBe('UTC');
  });

  it('refuses the switch of the issue: after the 429, another zone header still gets 429', async () => {
    server.setNow('2026-03-10T09:00:00.000Z');
    const drummer = await registerDrummer(server);
    const utc = { headers: { 'time-zone': 'UTC' } };
    for (let lesson = 0; lesson < 3; lesson++)
      expect((await drummer.api.post('/api/usage', { usageType: 'lesson' }, utc)).status).toBe(201);
    expect((await drummer.api.post('/api/usage', { usageType: 'lesson' }, utc)).status).toBe(429);
    const elsewhere = { headers: { 'time-zone': 'Etc/GMT+12' } };
    expect((await drummer.api.post('/api/usage', { usageType: 'lesson' }, elsewhere)).status).toBe(429);
  });

  it('changes only explicitly (recorded), refuses a bad zone with 400, and waits a week between changes', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post(
      '/api/usage',
      { usageType: 'lesson' },
      { headers: { 'time-zone': 'Europe/Berlin' } },
    );
    const bad = await drummer.api.request('PUT', '/api/customer-info/time-zone', { timeZone: '+05:00' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      errors: { timeZone: ['must be an IANA time zone such as Europe/Berlin, or UTC'] },
    });
    const moved = await drummer.api.request('PUT', '/api/customer-info/time-zone', {
      timeZone: 'America/New_York',
    });
    expect(moved).toMatchObject({ status: 200, json: { timeZone: 'America/New_York' } });
    expect(await pinnedZone(drummer.customerId)).toBe('America/New_York');
    const back = await drummer.api.request('PUT', '/api/customer-info/time-zone', {
      timeZone: 'Europe/Berlin',
    });
    expect(back.status).toBe(429);
    expect((back.json as { message: string }).message).toMatch(/less than 7 days ago/);
    expect(await pinnedZone(drummer.customerId)).toBe('America/New_York');
  });

  it('never counts a 4th lesson on one of the customer days, whatever the sequence of zone headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            header: fc.constantFrom(...HEADERS),
            // Up to 15 hours between requests: several day boundaries in a run, within a token's week.
            advanceMinutes: fc.integer({ min: 0, max: 15 * 60 }),
          }),
          { minLength: 4, maxLength: 10 },
        ),
        async (steps) => {
          server.setNow('2026-03-10T09:00:00.000Z');
          const drummer = await registerDrummer(server);
          for (const { header, advanceMinutes } of steps) {
            server.setNow(new Date(server.now().getTime() + advanceMinutes * 60_000));
            const response = await drummer.api.post(
              '/api/usage',
              { usageType: 'lesson' },
              header === undefined ? {} : { headers: { 'time-zone': header } },
            );
            expect([201, 429]).toContain(response.status);
          }
          const zone = await pinnedZone(drummer.customerId);
          expect(zone).not.toBeNull();
          for (const [day, lessons] of await countedPerDay(drummer.customerId, zone!))
            expect(lessons, `${day} in ${zone}`).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 20 },
    );
  }, 180_000);
});

describe('an explicit zone change', () => {
  const lesson = (drummer: Awaited<ReturnType<typeof registerDrummer>>) =>
    drummer.api.post(
      '/api/usage',
      { usageType: 'lesson' },
      { headers: { 'time-zone': 'Pacific/Kiritimati' } },
    );

  it('buys no second free day: the lessons of the 24 hours before it count toward the new zone’s day', async () => {
    // 09:00 UTC is 23:00 in Kiritimati (UTC+14) and 21:00 the day before in Etc/GMT+12 (UTC-12).
    server.setNow('2026-03-10T09:00:00.000Z');
    const drummer = await registerDrummer(server);
    for (let used = 0; used < 3; used++) expect((await lesson(drummer)).status).toBe(201);
    expect((await lesson(drummer)).status).toBe(429);

    server.setNow('2026-03-10T09:01:00.000Z');
    const moved = await drummer.api.request('PUT', '/api/customer-info/time-zone', {
      timeZone: 'Etc/GMT+12',
    });
    expect(moved).toMatchObject({ status: 200, json: { timeZone: 'Etc/GMT+12' } });
    const usage = await drummer.api.get('/api/usage');
    expect(usage.json).toMatchObject({ lesson: { data_used: 3 } });
    expect((await lesson(drummer)).status).toBe(429);
    const schedule = await drummer.api.post('/api/lesson/schedule', {
      skillPreference: [{ focus: 'timing', level: 'beginner' }],
      practiceTime: 30,
      padSufficient: false,
    });
    expect(schedule.status).toBe(429);
    expect((await countedPerDay(drummer.customerId, 'UTC')).get('2026-03-10')).toBe(3);

    // The new zone's next day is a new day: 3 lessons again.
    server.setNow('2026-03-10T12:30:00.000Z');
    for (let used = 0; used < 3; used++) expect((await lesson(drummer)).status).toBe(201);
    expect((await lesson(drummer)).status).toBe(429);
  });

  it('carries only the 24 hours before the change: an older lesson stays on its own day', async () => {
    server.setNow('2026-03-19T06:00:00.000Z');
    const drummer = await registerDrummer(server);
    expect((await lesson(drummer)).status).toBe(201);
    // Two days later (Kiritimati 22:00) two more lessons, then the change to Etc/GMT+12 (20:00 the day before).
    server.setNow('2026-03-21T08:00:00.000Z');
    expect((await lesson(drummer)).status).toBe(201);
    expect((await lesson(drummer)).status).toBe(201);
    const moved = await drummer.api.request('PUT', '/api/customer-info/time-zone', {
      timeZone: 'Etc/GMT+12',
    });
    expect(moved.status).toBe(200);
    expect((await drummer.api.get('/api/usage')).json).toMatchObject({ lesson: { data_used: 2 } });
    expect((await lesson(drummer)).status).toBe(201);
    expect((await lesson(drummer)).status).toBe(429);
  });
});
