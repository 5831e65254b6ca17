import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * Draws the items of a list in a seeded random order without copying it: a Fisher-Yates shuffle
 * done lazily, one swap per draw, the swaps kept in a map. A schedule draws a few dozen lessons
 * out of buckets of hundreds, so this costs per draw, not per bucket.
 */
export class SeededDraw<T> {
  private readonly swapped = new Map<number, number>();
  private drawn = 0;

  constructor(
    private readonly items: readonly T[],
    private readonly rng: RandomGenerator,
  ) {}

  next(): T | undefined {
    const last = this.items.length - 1;
    if (this.drawn > last) return undefined;
    const pick = this.drawn === last ? last : uniformInt(this.rng, this.drawn, last);
    const item = this.items[this.swapped.get(pick) ?? pick];
    this.swapped.set(pick, this.swapped.get(this.drawn) ?? this.drawn);
    this.drawn++;
    return item;
  }
}
