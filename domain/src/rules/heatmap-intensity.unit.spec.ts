import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heatmapIntensity } from './heatmap-intensity.js';

describe('heatmap intensity', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [29, 1],
    [30, 2],
    [59, 2],
    [60, 3],
    [119, 3],
    [120, 4],
    [600, 4],
  ])('scores %i minutes without lessons as %i', (minutes, intensity) => {
    expect(heatmapIntensity(minutes, 0)).toBe(intensity);
  });

  it.each([
    [1, 1],
    [5, 1],
    [6, 2],
    [11, 2],
    [12, 3],
    [15, 3],
    [16, 4],
  ])('scores %i lessons in 1 minute as %i', (lessons, intensity) => {
    expect(heatmapIntensity(1, lessons)).toBe(intensity);
  });

  it('takes the larger of the minute score and the lesson score', () => {
    expect(heatmapIntensity(45, 1)).toBe(2);
    expect(heatmapIntensity(10, 12)).toBe(3);
  });

  it('stays within 0-4 and never drops when minutes or lessons grow', () => {
    const amount = fc.integer({ min: 0, max: 2000 });
    fc.assert(
      fc.property(amount, amount, amount, amount, (minutes, lessons, moreMinutes, moreLessons) => {
        const base = heatmapIntensity(minutes, lessons);
        expect(base).toBeGreaterThanOrEqual(0);
        expect(base).toBeLessThanOrEqual(4);
        expect(heatmapIntensity(minutes + moreMinutes, lessons + moreLessons)).toBeGreaterThanOrEqual(base);
      }),
    );
  });
});
