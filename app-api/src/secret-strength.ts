/** The least length of a signing secret, from JWT_SECRET or from its file in DATA_DIR. */
export const SECRET_MIN_CHARACTERS = 32;
/** Distinct characters that make any text strong enough (a passphrase, a password manager's output). */
export const SECRET_MIN_DISTINCT_CHARACTERS = 16;
/** What a hex or base64 secret must encode: 128 bits, the key strength of the tokens' HMAC-SHA-256. */
export const SECRET_MIN_BITS = 128;
/**
 * Distinct characters a random hex or base64 string of 32+ characters has all but surely (fewer than
 * 8 of 16 hex digits in 32 draws: about 1 in 25 million): below it, the text repeats a few characters.
 */
const ENCODED_MIN_DISTINCT_CHARACTERS = 8;

const HEX = /^[0-9a-f]+$/i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** How to make a good one, for the messages. */
export const SECRET_ADVICE = 'generate one with `openssl rand -base64 48`';

/**
 * Why a secret is too weak to sign tokens or key stream names, or null when it is strong enough:
 * at least 32 characters, and either 16 distinct characters or, for hex and base64 text, 128 bits
 * (4 a hex digit, 6 a base64 character) that do not repeat a handful of characters.
 */
export const secretWeakness = (secret: string): string | null => {
  if (secret.length < SECRET_MIN_CHARACTERS)
    return `${secret.length === 0 ? 'holds nothing' : `holds only ${secret.length} characters`}; a secret needs at least ${SECRET_MIN_CHARACTERS}`;
  const distinct = new Set(secret).size;
  if (distinct >= SECRET_MIN_DISTINCT_CHARACTERS) return null;
  const bitsPerCharacter = HEX.test(secret) ? 4 : BASE64.test(secret) ? 6 : 0;
  const bits = secret.replace(/=+$/, '').length * bitsPerCharacter;
  if (bits >= SECRET_MIN_BITS && distinct >= ENCODED_MIN_DISTINCT_CHARACTERS) return null;
  return (
    `is too weak: only ${distinct} distinct characters; a secret needs at least ` +
    `${SECRET_MIN_DISTINCT_CHARACTERS}, or ${SECRET_MIN_BITS} random bits as hex or base64`
  );
};
