import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInZone } from './history/event-summary.js';
import { looksLikeCompactDay, parseInstant } from './dates.js';

const iso = (date: Date | null) => date?.toISOString();

describe('dates an operator types', () => {
  it('reads a bare day in --tz, inclusive as an upper bound', () => {
    expect(iso(parseInstant('2026-05-04', 'UTC', 'start'))).toBe('2026-05-04T00:00:00.000Z');
    expect(iso(parseInstant('2026-05-04', 'UTC', 'end'))).toBe('2026-05-04T23:59:59.999Z');
    expect(iso(parseInstant('2026-05-04', 'Europe/Paris', 'start'))).toBe('2026-05-03T22:00:00.000Z');
    expect(iso(parseInstant('2026-05-04', 'Europe/Paris', 'end'))).toBe('2026-05-04T21:59:59.999Z');
    expect(iso(parseInstant('2026-03-29', 'Europe/Paris', 'end'))).toBe('2026-03-29T21:59:59.999Z');
  });

  it('reads the time history prints in the same zone, covering the second written', () => {
    expect(iso(parseInstant('2026-05-04 20:03:09', 'Europe/Paris', 'start'))).toBe(
      '2026-05-04T18:03:09.000Z',
    );
    expect(iso(parseInstant('2026-05-04 20:03:09', 'Europe/Paris', 'end'))).toBe('2026-05-04T18:03:09.999Z');
    expect(iso(parseInstant('2026-05-04T20:03', 'UTC', 'end'))).toBe('2026-05-04T20:03:59.999Z');
  });

  it('takes an explicit zone over --tz, and refuses what is no date', () => {
    expect(iso(parseInstant('2026-05-04T18:00:00Z', 'Asia/Tokyo', 'start'))).toBe('2026-05-04T18:00:00.000Z');
    for (const text of ['2026-02-30', '04/05/2026', 'yesterday', '2026-05-04 25:00', '20261016'])
      expect(parseInstant(text, 'UTC', 'start')).toBeNull();
    expect(looksLikeCompactDay('20261016')).toBe(true);
    expect(looksLikeCompactDay('1234')).toBe(false);
  });

  it('reads back every time it prints, in any zone (property)', () => {
    const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (date, zone) => {
          const shown = formatInZone(date.toISOString(), zone);
          const start = parseInstant(shown, zone, 'start')!;
          const end = parseInstant(shown, zone, 'end')!;
          // An hour repeated when clocks go back reads as its first occurrence.
          const second = Math.floor(date.getTime() / 1000) * 1000;
          expect(formatInZone(start.toISOString(), zone)).toBe(shown);
          expect(start.getTime() <= second || formatInZone(end.toISOString(), zone) === shown).toBe(true);
          expect(end.getTime() - start.getTime()).toBe(999);
        },
      ),
    );
  });
});
