import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampTempo, initialTempo } from './tempo-range.js';

describe('the metronome tempo', () => {
  it("starts at the lesson's start bpm, or 120 without one", () => {
    expect(initialTempo(44)).toBe(44);
    expect(initialTempo(undefined)).toBe(120);
  });

  it('is clamped to 30-250 BPM (product-spec §5); anything unreadable is 120', () => {
    expect(clampTempo(10)).toBe(30);
    expect(clampTempo(300)).toBe(250);
    expect(clampTempo(Number.NaN)).toBe(120);
    fc.assert(
      fc.property(fc.double(), (bpm) => {
        const tempo = clampTempo(bpm);
        expect(Number.isInteger(tempo) && tempo >= 30 && tempo <= 250).toBe(true);
      }),
    );
  });
});
