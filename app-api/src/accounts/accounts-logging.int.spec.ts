import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { createBackend, type Backend } from '../backend.js';
import { createServer } from '../server.js';
import { apiClient, linkIn, mailsTo, PASSWORD, registration } from './testing/account-fixtures.js';

/** Every log line, at trace level and without redaction: nothing sensitive may reach the logger at all. */
const lines: string[] = [];
let backend: Backend;
let httpServer: Server;
let dataDir: string;
let url: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-logs-'));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'trace' }, sink);
  backend = await createBackend(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'trace' }), { logger });
  backend.projections.start();
  httpServer = createServer(backend).listen(0);
  await new Promise<void>((resolve) => httpServer.once('listening', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  await backend.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the logs of the login service', () => {
  it('hold no email, name, password, token or secret through a whole account life', async () => {
    const api = apiClient({ url });
    const body = registration({ firstname: 'Evelyn', lastname: 'Glennie' });
    const sensitive: string[] = [body.email, body.firstname, body.lastname, PASSWORD, 'New-Groove-77'];

    const registered = await api.post('/api/register', body);
    const token = (registered.json as { token: string }).token;
    await api.post('/api/authenticate', { email: body.email, password: 'Wrong-password-1' });
    const login = await api.post('/api/authenticate', { email: body.email, password: PASSWORD });
    await api.get(`/api/verify/email/request-verification?email=${encodeURIComponent(body.email)}`);
    const [verification] = await mailsTo(dataDir, body.email);
    const verifySecret = linkIn(verification!).searchParams.get('secret')!;
    const verified = await api.get(`/api/verify/email?secret=${verifySecret}`);
    await api.get(`/api/pw-recovery?email=${encodeURIComponent(body.email)}`);
    const recovery = (await mailsTo(dataDir, body.email)).at(-1)!;
    const recoverySecret = linkIn(recovery).searchParams.get('secret')!;
    const changed = await api.post('/api/pw-recovery/change-password', {
      secret: recoverySecret,
      password: 'New-Groove-77',
    });
    const newToken = (changed.json as { token: string }).token;
    await api.get('/api/customer-info', { token: newToken });
    await api.get('/api/authenticate/update-jwt', { token: newToken });
    await api.delete('/api/delete/account', { token: newToken });

    sensitive.push(
      token,
      (login.json as { token: string }).token,
      verifySecret,
      (verified.json as { token: string }).token,
      recoverySecret,
      newToken,
    );
    expect(changed.status).toBe(200);
    // The log did see the story: ten requests (a line each once it is finished), the mails and the erasure.
    await vi.waitFor(() => expect(lines.filter((line) => line.includes('"statusCode"')).length).toBe(10));
    const log = lines.join('\n');
    expect(log).toContain('mail written to the outbox');
    expect(log).toContain('customer erased');
    for (const value of sensitive) {
      expect(log.toLowerCase().includes(value.toLowerCase()), `log contains ${value.slice(0, 12)}…`).toBe(
        false,
      );
    }
    // Secrets are not even in a fragment of a link.
    expect(log).not.toMatch(/secret=[^…"]/);
  });
});
