/** mulberry32: a small seeded generator, so `seed --seed N` writes the same histories every time. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A whole number from min to max, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
    /** An item drawn with the given weights. */
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      let roll = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
      return items.at(-1)![0];
    },
    /** `count` distinct items, in a random order. */
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool.slice(0, count);
    },
  };
};
export type SeededRandom = ReturnType<typeof seededRandom>;
