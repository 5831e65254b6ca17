import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { outboxDir } from '../../adapters/mail/mailer.js';
import type { TestServer } from '../../testing/test-server.js';

/**
 * Helpers for the accounts suites: real HTTP against a test server, one client address per
 * test (the server trusts X-Forwarded-For from loopback) so per-IP limits do not leak between tests.
 */

export const PASSWORD = 'Paradiddle-42';

let addresses = 0;
/** A fresh client address: 10.x.y.z. */
export const nextClientIp = (): string => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export const uniqueEmail = (name = 'drummer') => `${name}.${randomUUID().slice(0, 12)}@example.com`;

export const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: PASSWORD,
  firstname: 'Ringo',
  lastname: 'Starr',
  country: 'GB',
  dateTermsAndConditions: '2026-01-15T10:00:00.000Z',
  newsletterSubscription: false,
  ...overrides,
});

export interface ApiResponse {
  status: number;
  contentType: string;
  text: string;
  /** The JSON body, or undefined for a text body. */
  json: unknown;
}

export interface RequestOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export const apiClient = (server: Pick<TestServer, 'url'>, defaults: RequestOptions = {}) => {
  const request = async (
    method: string,
    pathAndQuery: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse> => {
    const { token, ip, headers } = { ...defaults, ...options };
    const response = await fetch(`${server.url}${pathAndQuery}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'x-auth-token': token } : {}),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      contentType,
      text,
      json: contentType.includes('application/json') ? (JSON.parse(text) as unknown) : undefined,
    };
  };
  return {
    request,
    get: (pathAndQuery: string, options?: RequestOptions) => request('GET', pathAndQuery, undefined, options),
    post: (pathAndQuery: string, body: unknown, options?: RequestOptions) =>
      request('POST', pathAndQuery, body, options),
    delete: (pathAndQuery: string, options?: RequestOptions) =>
      request('DELETE', pathAndQuery, undefined, options),
  };
};
export type ApiClient = ReturnType<typeof apiClient>;

/** Registers a customer and returns its login token and registration data. */
export const registerCustomer = async (api: ApiClient, overrides: Record<string, unknown> = {}) => {
  const body = registration(overrides);
  const response = await api.post('/api/register', body);
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${response.text}`);
  return { ...body, token: (response.json as { token: string }).token };
};

/** The JWT payload, read the way the web app reads it (base64url-decoded, unverified). */
export const decodeJwtPayload = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** Every mail in the outbox sent to `to`, oldest first. */
export const mailsTo = async (dataDir: string, to: string): Promise<ParsedMail[]> => {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => path.join(dir, file))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs || a.localeCompare(b));
  const mails = await Promise.all(files.map((file) => simpleParser(fs.readFileSync(file))));
  return mails.filter((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to]).some((address) =>
      address?.value.some((entry) => entry.address?.toLowerCase() === to.toLowerCase()),
    ),
  );
};

/** The action link of a mail's text part. */
export const linkIn = (mail: ParsedMail): URL => {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in mail "${mail.subject ?? ''}"`);
  return new URL(match[0]);
};
