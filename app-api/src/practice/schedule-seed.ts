/**
 * The scheduler's seed for one request: the customer and the clock's instant, hashed (FNV-1a) to
 * a 32-bit integer. Two requests of one customer get different sessions, and a fixed clock in
 * a test gives the same session every time.
 */
export const scheduleSeed = (customerId: string, now: Date): number => {
  let hash = 0x811c9dc5;
  for (const character of `${customerId}@${now.getTime()}`) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
};
