import type { TokenPayload } from '../lib/session/jwt';

const base64Url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned JWT with the given payload; the web app never checks signatures. */
export const fakeToken = (payload: TokenPayload): string =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;

/** The token's exp (seconds) for a moment in milliseconds. */
export const expAt = (ms: number): number => Math.floor(ms / 1000);
