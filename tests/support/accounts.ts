import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

/** A password that meets the registration rules of product-spec §5. */
export const E2E_PASSWORD = 'Paradiddle-42';

export const uniqueEmail = (name = 'drummer') => `${name}.${randomUUID().slice(0, 8)}@example.com`;

export interface E2eAccount {
  email: string;
  password: string;
  firstname: string;
  token: string;
}

/**
 * Each drummer registers from an address of their own. The server allows 30 registrations an hour per
 * address and reads the address from X-Forwarded-For when the request comes from a proxy on the same
 * host (README, "Accounts and mail"); the suite registers far more than 30 drummers, as if behind such
 * a proxy. The addresses are from TEST-NET-3 (RFC 5737): a header value only, no traffic goes there.
 */
let nextAddress = Math.floor(Math.random() * 254);
const drummerAddress = () => `203.0.113.${(nextAddress++ % 254) + 1}`;

/** Registers through the API, for journeys about what comes after registration. */
export const registerViaApi = async (
  request: APIRequestContext,
  firstname = 'Ringo',
): Promise<E2eAccount> => {
  const email = uniqueEmail(firstname.toLowerCase());
  const response = await request.post('/api/register', {
    headers: { 'x-forwarded-for': drummerAddress() },
    data: {
      email,
      password: E2E_PASSWORD,
      firstname,
      lastname: 'Starr',
      country: 'GB',
      dateTermsAndConditions: new Date().toISOString(),
      newsletterSubscription: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { email, password: E2E_PASSWORD, firstname, token };
};

/** The auth-token cookie the app wrote, if any. */
export const authCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'auth-token');

/** Logs a browser context in the way the app would: the token in the auth-token cookie. */
export const logInContext = async (context: BrowserContext, baseURL: string, token: string) => {
  await context.addCookies([{ name: 'auth-token', value: token, url: baseURL }]);
};

const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token with an expiry in the past: the browser treats it as expired before any call. */
export const expiredToken = () =>
  [
    base64Url({ alg: 'HS256', typ: 'JWT' }),
    base64Url({ exp: Math.floor(Date.now() / 1000) - 60, firstname: 'Ringo', activeTier: 'freemium' }),
    'signature',
  ].join('.');
