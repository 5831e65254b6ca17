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
 * The length of the shortest run the text repeats (at least twice, the last time perhaps cut
 * short), or its whole length: `abcdefgh` x 4 holds no more than its first 8 characters do.
 */
const repeatedRunLength = (text: string): number => {
  for (let run = 1; run <= text.length / 2; run++) {
    let repeats = true;
    for (let index = run; index < text.length && repeats; index++)
      repeats = text[index] === text[index - run];
    if (repeats) return run;
  }
  return text.length;
};

/**
 * Why a secret is too weak to sign tokens or key stream names, or null when it is strong enough:
 * at least 32 characters, and an estimated 128 bits. The estimate counts a repeated run once, at 4
 * bits a hex digit, 6 a base64 character (with 8 distinct ones at least) and log2(distinct
 * characters) a character of other text (16 distinct ones at least), so `abcdefgh` x 4 or
 * `01234567` x 4 are refused however many bits their length alone would suggest.
 */
export const secretWeakness = (secret: string): string | null => {
  if (secret.length < SECRET_MIN_CHARACTERS)
    return `${secret.length === 0 ? 'holds nothing' : `holds only ${secret.length} characters`}; a secret needs at least ${SECRET_MIN_CHARACTERS}`;
  const distinct = new Set(secret).size;
  const encoded = distinct >= ENCODED_MIN_DISTINCT_CHARACTERS;
  const bitsPerCharacter =
    encoded && HEX.test(secret)
      ? 4
      : encoded && BASE64.test(secret)
        ? 6
        : distinct >= SECRET_MIN_DISTINCT_CHARACTERS
          ? Math.log2(distinct)
          : 0;
  const unpadded = secret.replace(/=+$/, '');
  const run = repeatedRunLength(unpadded);
  const bits = Math.floor(run * bitsPerCharacter);
  if (bits >= SECRET_MIN_BITS) return null;
  // Enough distinct characters, but a short run repeated: that is the weakness to name.
  if (bitsPerCharacter > 0)
    return `is too weak: it repeats a run of ${run} characters (about ${bits} bits); a secret needs ${SECRET_MIN_BITS} random bits, with no short run repeated`;
  return (
    `is too weak: only ${distinct} distinct characters; a secret needs at least ` +
    `${SECRET_MIN_DISTINCT_CHARACTERS}, or ${SECRET_MIN_BITS} random bits as hex or base64`
  );
};
