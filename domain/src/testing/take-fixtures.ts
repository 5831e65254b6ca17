import type { TakeFigures } from '../practice/practice-events.js';

/**
 * A take of 32 notes on an e-kit, every note played (none missed, no extra stroke), as the coach posts
 * it and `TimingScored` records it: lesson 42 at 80 bpm, on the beat with a 5 ms spread, 96 %. Any
 * figure changed (the lesson, the tempo, the offset, the spread, the accuracy...).
 */
export const takeFigures = (changes: Partial<TakeFigures> = {}): TakeFigures => ({
  lessonId: 42,
  input: 'midi',
  bpm: 80,
  expected: 32,
  hits: 32,
  missed: 0,
  extra: 0,
  meanOffsetMs: 0,
  spreadMs: 5,
  accuracy: 96,
  byPosition: [],
  ...changes,
});
