/**
 * The login token's payload (product-spec §3). The browser only reads it to decide what to
 * show; it never verifies the signature, the API does.
 */
export interface TokenPayload {
  /** Expiry in seconds since the epoch. */
  exp?: number;
  firstname?: string;
  verification_state?: string;
  subscription_status?: string;
  activeTier?: string;
  customerId?: string;
}

const decodeBase64Url = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  // Names may hold umlauts: decode the bytes as UTF-8, not Latin-1.
  return new TextDecoder().decode(bytes);
};

/** The payload of a JWT, or null when the text is not a readable token. */
export const decodeToken = (token: string): TokenPayload | null => {
  const payloadSegment = token.split('.')[1];
  if (!payloadSegment) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(payloadSegment));
    return typeof payload === 'object' && payload !== null ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
};

/** When the token stops being valid, in milliseconds; null if it carries no expiry. */
export const tokenExpiresAt = (payload: TokenPayload): number | null =>
  typeof payload.exp === 'number' ? payload.exp * 1000 : null;

/** An unreadable token counts as expired, so it gets cleared instead of trusted. */
export const isTokenExpired = (token: string, nowMs: number): boolean => {
  const payload = decodeToken(token);
  if (!payload) return true;
  const expiresAt = tokenExpiresAt(payload);
  return expiresAt !== null && expiresAt < nowMs;
};

/** Logged in means a token exists and is not expired (product-spec §4 Authentication). */
export const isLoggedIn = (token: string | null, nowMs: number): token is string =>
  token !== null && !isTokenExpired(token, nowMs);

export const isEmailVerified = (payload: TokenPayload | null): boolean =>
  payload?.verification_state === 'verified';
