import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId, erasureStreamId, FREEMIUM_DAILY_LESSONS } from '@stickwork/domain';
import { openStores, READ_MODELS_FILE_NAME } from '@stickwork/app-api/stores';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  registration,
  type ApiClient,
} from '@stickwork/app-api/testing';
import { linkIn, mailsTo, PASSWORD } from '../../../app-api/src/accounts/testing/account-fixtures.js';
import {
  startServerProcess,
  until,
  type ServerProcess,
} from '../../../app-api/src/testing/server-process.js';
import { newTestDatabase } from '../../../app-api/src/testing/test-postgres.js';
import {
  startEsdbTestServerProcess,
  type EsdbTestServerProcess,
} from '../../../app-api/src/adapters/event-store/testing/esdb-test-server-process.js';
import { connectEventStoreDb } from '../../../app-api/src/adapters/event-store/eventstoredb-event-store.js';
import { openSharedStore } from '../../../app-api/src/adapters/postgres/shared-store.js';
import {
  createPersonalDataCodec,
  ENCRYPTED_FIELD_SCHEME,
  ERASED_PERSONAL_DATA,
} from '../../../app-api/src/adapters/personal-data-keys/personal-data-codec.js';
import {
  TOO_MANY_LOGIN_ATTEMPTS,
  TOO_MANY_MAIL_REQUESTS,
} from '../../../app-api/src/accounts/accounts-router.js';
import { DEFAULT_ACCOUNT_RATE_LIMITS } from '../../../app-api/src/auth/rate-limits.js';
import { LOGIN_THROTTLE } from '../../../app-api/src/auth/login-throttle.js';
import { openSharedPool } from '../../../app-api/src/adapters/postgres/postgres-pool.js';
import { POSTGRES_TABLES } from '../../../app-api/src/adapters/postgres/postgres-schema.js';
import {
  ERASURE_RACE_STATUSES,
  postgresRowsNaming,
  raceOneErasure,
  runStickwork,
  sqliteRowsNaming,
  type IsErasureRecord,
} from '../../support/erasure-race.js';

/**
 * The two-host test: two app servers, each its own process (`node app-api/dist/main.js`,
 * WEB_CONCURRENCY=1) with its own DATA_DIR, on ONE EventStoreDB test-server process and ONE fresh
 * PostgreSQL database (DATABASE_URL: the personal-data keys, the rate limits and the shared leases),
 * signing and naming alike (the same JWT_SECRET and RESERVATION_SECRET). What a drummer and an
 * operator rely on holds whichever host a request reaches: the freemium limit, one account per email,
 * erasure, the rate limits, one reminder a day, and the same read models.
 *
 * Run `npx tsc -b` first (the built server). The hosts run with the test clock on only for the
 * test-only sweep interval (STICKWORK_TEST_REMINDER_SWEEP_MS); their clocks are never moved.
 */

interface Host {
  name: 'A' | 'B';
  dataDir: string;
  server: ServerProcess;
  api: ApiClient;
}

const UTC = { 'time-zone': 'UTC' };
/** The sweep of the host holding the shared `sweeps` lease runs this often (test-only knob). */
const SWEEP_MS = 250;

let esdb: EsdbTestServerProcess | undefined;
let databaseUrl: string;
let connectionString: string;
/** What every host (and the CLI on a host's DATA_DIR) is given alike. */
let shared: Record<string, string>;
const hosts: Host[] = [];
const dataDirs: string[] = [];
/** Every server process started, stopped at the end even when the other one failed to start. */
const servers: ServerProcess[] = [];
const hostA = () => hosts[0]!;
const hostB = () => hosts[1]!;

const startHost = async (name: Host['name'], shared: Record<string, string>): Promise<Host> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stickwork-two-hosts-${name}-`));
  dataDirs.push(dataDir);
  // A free loopback port of its own (startServerProcess picks it).
  const server = await startServerProcess({ ...shared, DATA_DIR: dataDir });
  servers.push(server);
  return { name, dataDir, server, api: apiClient(server) };
};

beforeAll(async () => {
  // The store and the database first, then both hosts at once (they start in parallel, as hosts do).
  const [started, url] = await Promise.all([startEsdbTestServerProcess(), newTestDatabase()]);
  esdb = started;
  databaseUrl = url;
  connectionString = started.connectionString;
  shared = {
    EVENTSTORE_CONNECTION_STRING: connectionString,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(48).toString('base64'),
    RESERVATION_SECRET: randomBytes(48).toString('base64'),
    WEB_CONCURRENCY: '1',
    STICKWORK_TEST_CLOCK: '1',
    STICKWORK_TEST_REMINDER_SWEEP_MS: String(SWEEP_MS),
  };
  // Both at once, as hosts of one deployment start: both create the PostgreSQL tables at that moment.
  hosts.push(...(await Promise.all([startHost('A', shared), startHost('B', shared)])));
}, 60_000);

/** Stops a host's server with SIGTERM (SIGKILL if it has not exited within its drain time). */
const stopServer = async (server: ServerProcess) => {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(killer);
};

afterAll(async () => {
  await Promise.allSettled(servers.map(stopServer));
  await esdb?.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

// A failure prints what the hosts said last: their stderr and their last warnings and errors.
afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const { name, server } of hosts) {
    const problems = server.log
      .filter((line) => typeof line.level === 'number' && line.level >= 40)
      .slice(-10)
      .map((line) => JSON.stringify(line));
    const stderr = server.stderr().trim().split('\n').slice(-20).join('\n');
    console.error(
      `host ${name} stderr (last lines):\n${stderr}\nhost ${name} warnings and errors:\n${problems.join('\n')}`,
    );
  }
});

const customerIdOf = (token: string) => decodeJwtPayload(token).customerId as string;

interface Health {
  projections: { caughtUp: boolean; lastPosition: number | null };
}
const healthOf = async (host: Host) => (await host.api.get('/api/health')).json as Health;

/** Waits until both hosts have folded the whole log, at the same last position; answers the positions. */
const bothHostsCaughtUp = async () => {
  let positions: (number | null)[] = [];
  await until(
    'both hosts caught up at one position',
    async () => {
      const healths = await Promise.all(hosts.map(healthOf));
      positions = healths.map((health) => health.projections.lastPosition);
      return (
        healths.every((health) => health.projections.caughtUp) &&
        positions[0] !== null &&
        positions[0] === positions[1]
      );
    },
    20_000,
  );
  return positions;
};

describe('two hosts on one EventStoreDB and one PostgreSQL', () => {
  it(`accept a freemium customer's lessons ${FREEMIUM_DAILY_LESSONS} times a day in total, whichever host counts them`, async () => {
    const ip = nextClientIp();
    const drummer = await registerCustomer(apiClient(hostA().server, { ip }));
    const post = (host: Host) =>
      host.api.post('/api/usage', { usageType: 'lesson' }, { token: drummer.token, ip, headers: UTC });

    // Alternately on A and B: each accepted lesson counts on top of the other host's.
    for (let lesson = 1; lesson <= FREEMIUM_DAILY_LESSONS; lesson += 1) {
      const response = await post(hosts[(lesson - 1) % 2]!);
      expect(response.status, response.text).toBe(201);
      expect(response.json).toMatchObject({
        lesson: { data_used: lesson },
        lessonsLeftToday: FREEMIUM_DAILY_LESSONS - lesson,
      });
    }
    // The next one is refused on either host, with the spec's message, and counts nothing.
    for (const host of [hostB(), hostA(), hostB()]) {
      const refused = await post(host);
      expect(refused.status, host.name).toBe(429);
      expect(refused.json).toEqual({ message: 'Free lesson limit reached' });
    }
    for (const host of hosts) {
      const usage = await host.api.get('/api/usage', { token: drummer.token, ip, headers: UTC });
      expect(usage.json, host.name).toMatchObject({
        lesson: { data_used: FREEMIUM_DAILY_LESSONS },
        lessonsLeftToday: 0,
      });
    }

    // At the same moment on both hosts too: twice the limit sent, half on each, and exactly the limit taken.
    const racer = await registerCustomer(apiClient(hostB().server, { ip }));
    const raced = await Promise.all(
      Array.from({ length: 2 * FREEMIUM_DAILY_LESSONS }, (_, index) =>
        hosts[index % 2]!.api.post(
          '/api/usage',
          { usageType: 'lesson' },
          { token: racer.token, ip, headers: UTC },
        ),
      ),
    );
    expect(raced.map((response) => response.status).sort()).toEqual([
      ...Array<number>(FREEMIUM_DAILY_LESSONS).fill(201),
      ...Array<number>(FREEMIUM_DAILY_LESSONS).fill(429),
    ]);
  });

  it('register one email once: the same registration on both hosts at once is one success and one 409', async () => {
    const body = registration({ firstname: 'Ginger', lastname: 'Baker' });
    const [onA, onB] = await Promise.all(
      hosts.map((host) => host.api.post('/api/register', body, { ip: nextClientIp() })),
    );
    const statuses = [onA!.status, onB!.status];
    expect(statuses.sort(), `${onA!.text} / ${onB!.text}`).toEqual([201, 409]);
    const [won, lost] = onA!.status === 201 ? [onA!, onB!] : [onB!, onA!];
    expect(lost.json).toEqual({ message: 'email already in use' });
    const customerId = customerIdOf((won.json as { token: string }).token);

    // One account: the customer logs in on either host, and either host reads their (sealed) name.
    for (const host of hosts) {
      const login = await host.api.post(
        '/api/authenticate',
        { email: body.email, password: PASSWORD },
        { ip: nextClientIp() },
      );
      expect(login.status, `${host.name}: ${login.text}`).toBe(200);
      const { token } = login.json as { token: string };
      expect(customerIdOf(token), host.name).toBe(customerId);
      const info = await host.api.get('/api/customer-info', { token });
      expect(info.json, host.name).toMatchObject({
        email: body.email,
        firstname: 'Ginger',
        lastname: 'Baker',
      });
    }
  });

  it('erase a customer on host A and on host B at once: the token stops working and nothing personal reads', async () => {
    const marker = randomUUID().slice(0, 8);
    const names = { firstname: `Moonetta${marker}`, lastname: `Bonhamsky${marker}` };
    const ip = nextClientIp();
    const drummer = await registerCustomer(apiClient(hostA().server, { ip }), names);
    const customerId = customerIdOf(drummer.token);
    const stream = customerStreamId(customerId);

    // Before: B serves the customer; B's stores (its DATA_DIR, the shared key store) open the sealed
    // fields, and B's read models hold the customer (once B has folded the registration).
    const before = await hostB().api.get('/api/customer-info', { token: drummer.token, ip });
    expect(before.json).toMatchObject({ email: drummer.email, ...names });
    const raw = connectEventStoreDb(connectionString);
    const sealed = await raw.readStream(stream).finally(() => raw.close());
    expect(sealed[0]?.data).toMatchObject({ email: { $encrypted: ENCRYPTED_FIELD_SCHEME } });
    const shared = await openSharedStore(databaseUrl);
    const storesOfB = await openStores(
      { dataDir: hostB().dataDir, eventStoreConnectionString: connectionString, databaseUrl },
      { readonly: true },
    ).catch(async (error: unknown) => {
      await shared.close();
      throw error;
    });
    /** The customer's events as the log holds them, opened with the key store both hosts read. */
    const openedWithSharedKeys = async () =>
      JSON.stringify(await createPersonalDataCodec(shared.keys).openAll(sealed));
    /** `file: needle` for each file under B's DATA_DIR holding the address or a name (UTF-8). */
    const personalBytesOnB = (dir = hostB().dataDir): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return personalBytesOnB(full);
        const bytes = fs.readFileSync(full);
        return [drummer.email, names.firstname, names.lastname]
          .filter((needle) => bytes.includes(Buffer.from(needle, 'utf8')))
          .map((needle) => `${path.relative(hostB().dataDir, full)}: ${needle}`);
      });
    const directoryOfB = () => storesOfB.readModels.get<{ email: string }>('customer_directory', customerId);
    try {
      expect(await openedWithSharedKeys()).toContain(drummer.email);
      await until("host B's read models to hold the customer", () => directoryOfB() !== undefined, 15_000);
      expect(directoryOfB()).toMatchObject({ email: drummer.email });
      // B mails the customer too (its own outbox): B's DATA_DIR holds the address and the names now.
      const recovery = await hostB().api.get(`/api/pw-recovery?email=${encodeURIComponent(drummer.email)}`, {
        ip,
      });
      expect(recovery.status).toBe(200);
      expect(personalBytesOnB()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^outbox\/.*: /),
          expect.stringMatching(/^read-models\.sqlite/),
        ]),
      );

      const erased = await hostA().api.delete('/api/delete/account', { token: drummer.token, ip });
      expect(erased.status, erased.text).toBe(200);

      // At once on B: the token is refused, and so are the routes that would show personal data.
      for (const route of ['/api/customer-info', '/api/export', '/api/usage']) {
        const refused = await hostB().api.get(route, { token: drummer.token, ip });
        expect(refused.status, route).toBe(401);
        expect(refused.json).toEqual({ message: 'User not authorized' });
      }
      const login = await hostB().api.post(
        '/api/authenticate',
        { email: drummer.email, password: PASSWORD },
        { ip },
      );
      expect(login.status).toBe(401);
      expect(login.text).toBe('Email or password is wrong.');

      // What the log still holds of the customer (the bytes stay until a scavenge) no longer opens,
      // and B's store reads nothing of the customer's stream.
      const reopened = await openedWithSharedKeys();
      expect(reopened).toContain(ERASED_PERSONAL_DATA);
      for (const text of [drummer.email, names.firstname, names.lastname])
        expect(reopened).not.toContain(text);
      expect(await storesOfB.store.readStream(stream)).toEqual([]);
      // B's read models drop the customer as B's projections fold the erasure (they follow the log).
      await until("host B's read models to drop the customer", () => directoryOfB() === undefined, 15_000);
      // ...and B scrubs its own files as it folds the erasure: no file under B's DATA_DIR (its read-model
      // file and WAL, its outbox) holds the address or the names any more.
      await until(
        "host B's DATA_DIR to hold nothing of the customer",
        () => personalBytesOnB().length === 0,
        15_000,
      ).catch(() => undefined);
      expect(personalBytesOnB()).toEqual([]);
    } finally {
      await storesOfB.close();
      await shared.close();
    }
  });

  it('erase a customer while writes race it on both hosts: nothing of theirs stays anywhere', async () => {
    const ROUNDS = 12;
    const log = connectEventStoreDb(connectionString);
    const pool = openSharedPool(databaseUrl);
    /** The erasure's own record: its stream, and the note that the customer's key was destroyed on purpose. */
    const isErasureRecord: IsErasureRecord = (table, row, customerId) =>
      table === POSTGRES_TABLES.personalDataErasures && row.stream_id === customerStreamId(customerId);
    /** Every stream, table row and read-model row, anywhere, that names the customer. */
    const leftoversOf = async (customerId: string) => {
      const streams = new Set(
        (await log.readAll())
          .map((event) => event.streamId)
          .filter((stream) => stream.includes(customerId) && stream !== erasureStreamId(customerId)),
      );
      return [
        ...[...streams].map((stream) => `event store: ${stream}`),
        ...(await postgresRowsNaming(pool, customerId, isErasureRecord)).map((row) => `PostgreSQL ${row}`),
        ...hosts.flatMap(({ name, dataDir }) =>
          sqliteRowsNaming(path.join(dataDir, READ_MODELS_FILE_NAME), customerId, isErasureRecord).map(
            (row) => `host ${name} ${row}`,
          ),
        ),
      ];
    };
    try {
      const leftovers: string[] = [];
      const statuses = new Set<number>();
      for (let round = 1; round <= ROUNDS; round += 1) {
        // Writers on both hosts; the erasure served by A and B in turn.
        const race = await raceOneErasure(
          hosts.map((host) => host.server.url),
          hosts[round % 2]!.server.url,
        );
        for (const status of race.statuses) statuses.add(status);
        await bothHostsCaughtUp();
        const left = await leftoversOf(race.customerId);
        if (left.length > 0) leftovers.push(`round ${round}: ${left.join('; ')}`);
        for (const host of hosts) {
          const verify = await runStickwork(['projections', 'verify', '--json'], {
            ...shared,
            DATA_DIR: host.dataDir,
          });
          expect(verify.code, `round ${round}, host ${host.name}: ${verify.stdout}`).toBe(0);
        }
      }
      console.info(`erasure race on two hosts: ${leftovers.length} of ${ROUNDS} rounds left data behind`);
      expect(leftovers).toEqual([]);
      // A write that lost the race was refused (401, 410) or limited (429: the free plan's lessons); never a 5xx.
      expect([...statuses].filter((status) => !ERASURE_RACE_STATUSES.includes(status))).toEqual([]);
      // The rounds straddled the erasures: writes were taken before it and refused after it.
      expect([...statuses].filter((status) => status < 300)).not.toEqual([]);
      expect([...statuses].filter((status) => status === 401 || status === 410)).not.toEqual([]);
    } finally {
      await log.close();
      await pool.end();
    }
  }, 900_000);

  it('count the rate limits across both hosts, not per host', async () => {
    // Failed logins for one address and one email, alternating between A and B: the limit is reached
    // at its count in total, and then even the right password is refused on both hosts.
    const victim = await registerCustomer(apiClient(hostA().server, { ip: nextClientIp() }));
    /** Even the right password, from `ip`, is refused on either host with the limit's message. */
    const expectLoginRefusedOnBothHosts = async (ip: string) => {
      for (const host of hosts) {
        const login = { email: victim.email, password: PASSWORD };
        const refused = await host.api.post('/api/authenticate', login, { ip });
        expect(refused.status, `${host.name} from ${ip}`).toBe(429);
        expect(refused.text).toBe(TOO_MANY_LOGIN_ATTEMPTS);
      }
    };
    const attacker = nextClientIp();
    const wrong = { email: victim.email, password: 'Wrong-Password-99' };
    for (let attempt = 1; attempt <= LOGIN_THROTTLE.failuresPerAddressAndEmail; attempt += 1) {
      const failed = await hosts[attempt % 2]!.api.post('/api/authenticate', wrong, { ip: attacker });
      expect(failed.status, `attempt ${attempt}: ${failed.text}`).toBe(401);
    }
    await expectLoginRefusedOnBothHosts(attacker);

    // Every login attempt from one address (any email), alternating: the per-address limit in total.
    const busy = nextClientIp();
    const attempts = DEFAULT_ACCOUNT_RATE_LIMITS.loginPerIp.limit;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const unknown = await hosts[attempt % 2]!.api.post(
        '/api/authenticate',
        { email: `nobody.${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD },
        { ip: busy },
      );
      expect(unknown.status, `attempt ${attempt}: ${unknown.text}`).toBe(401);
    }
    await expectLoginRefusedOnBothHosts(busy);

    // Password-recovery mails for one email, each from another address, alternating: the per-email limit in total.
    const perEmail = DEFAULT_ACCOUNT_RATE_LIMITS.mailPerEmail.limit;
    const recover = (host: Host) =>
      host.api.get(`/api/pw-recovery?email=${encodeURIComponent(victim.email)}`, { ip: nextClientIp() });
    for (let request = 1; request <= perEmail; request += 1) {
      const sent = await recover(hosts[request % 2]!);
      expect(sent.status, `request ${request}: ${sent.text}`).toBe(200);
    }
    for (const host of hosts) {
      const refused = await recover(host);
      expect(refused.status, host.name).toBe(429);
      expect(refused.json).toEqual({ message: TOO_MANY_MAIL_REQUESTS });
    }
    const recoveryMails = [
      ...(await mailsTo(hostA().dataDir, victim.email)),
      ...(await mailsTo(hostB().dataDir, victim.email)),
    ].filter((mail) => /password/i.test(mail.subject ?? ''));
    expect(recoveryMails).toHaveLength(perEmail);
  });

  it('send a due practice reminder once, with both hosts running', async () => {
    // A zone whose local hour is mid-day now, so "due now" holds for the whole test whatever the time.
    const utcHour = new Date().getUTCHours();
    const offset = 12 - utcHour; // hours ahead of UTC; Etc/GMT names count the other way
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;

    /** A verified drummer (registered on A, verified on B) with reminders on, due now. */
    const dueDrummer = async () => {
      const ip = nextClientIp();
      const drummer = await registerCustomer(apiClient(hostA().server, { ip }));
      const [verification] = await mailsTo(hostA().dataDir, drummer.email);
      const secret = linkIn(verification!).searchParams.get('secret')!;
      const verified = await hostB().api.get(`/api/verify/email?secret=${encodeURIComponent(secret)}`, {
        ip,
      });
      expect(verified.status, verified.text).toBe(200);
      const settings = await hostB().api.request(
        'PUT',
        '/api/reminders',
        { enabled: true, days: [1, 2, 3, 4, 5, 6, 7], hour: 11 },
        { token: drummer.token, ip, headers: { 'time-zone': zone } },
      );
      expect(settings.status, settings.text).toBe(200);
      expect(settings.json).toMatchObject({ enabled: true, hour: 11, timeZone: zone });
      return drummer;
    };
    const remindersTo = async (email: string) =>
      (
        await Promise.all(
          hosts.map(async (host) => (await mailsTo(host.dataDir, email)).map((mail) => ({ mail, host }))),
        )
      )
        .flat()
        .filter(({ mail }) => mail.subject === 'Time for your drum practice');

    const first = await dueDrummer();
    await until('the reminder mail', async () => (await remindersTo(first.email)).length > 0, 20_000);
    // A sweep after it: a second drummer, due only now, is mailed by a later sweep, which went past the
    // first drummer again (on whichever host then held the sweeps).
    const second = await dueDrummer();
    await until('the second reminder mail', async () => (await remindersTo(second.email)).length > 0, 20_000);
    expect(await remindersTo(first.email)).toHaveLength(1);
    expect(await remindersTo(second.email)).toHaveLength(1);
  });

  it("converge on the same log: both hosts caught up at one position, with a customer's read models equal", async () => {
    const ip = nextClientIp();
    const drummer = await registerCustomer(apiClient(hostB().server, { ip }));
    const as = { token: drummer.token, ip, headers: UTC };
    // Practice written on both hosts.
    const rated = await hostA().api.post(
      '/api/focus',
      {
        skillSelfRating: [
          { skillName: 'timing', selected: true, level: 'beginner' },
          { skillName: 'hand_technique', selected: true, level: 'starter' },
        ],
      },
      as,
    );
    expect(rated.status, rated.text).toBe(200);
    for (const [index, host] of [hostA(), hostB(), hostA()].entries()) {
      expect((await host.api.post('/api/usage', { usageType: 'lesson' }, as)).status).toBe(201);
      // A write every request appends (practice activity is credited by the practice clock).
      const goal = await host.api.request('PUT', '/api/goal', { daysPerWeek: 3 + index }, as);
      expect(goal.status, goal.text).toBe(200);
    }

    // Both hosts fold the whole log: caught up, at the same last position.
    const positions = await bothHostsCaughtUp();
    expect(positions[0]).toBeGreaterThan(0);

    for (const route of [
      '/api/lesson/progress',
      '/api/usage',
      '/api/practiceActivity',
      '/api/progress',
      '/api/focus',
      '/api/goal',
    ]) {
      const [onA, onB] = await Promise.all(hosts.map((host) => host.api.get(route, as)));
      expect(onA!.status, route).toBe(200);
      expect(onB!.json, route).toEqual(onA!.json);
    }
    const goal = (await hostB().api.get('/api/goal', as)).json as { weeklyGoal: { daysPerWeek: number } };
    expect(goal.weeklyGoal.daysPerWeek).toBe(5);
  });
});
