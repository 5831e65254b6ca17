import { describe, expect, it } from 'vitest';
import { resolveTimeZone } from './time-zone.js';

describe('time-zone header', () => {
  it('keeps a valid IANA zone', () => {
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(resolveTimeZone(' Asia/Tokyo ')).toBe('Asia/Tokyo');
    expect(resolveTimeZone('UTC')).toBe('UTC');
  });

  it.each([
    [undefined],
    [''],
    ['Mars/Olympus_Mons'],
    ['+01:00'],
    ['Europe/Berlin; DROP TABLE'],
    [['Europe/Berlin', 'Asia/Tokyo']],
    [42],
    [`Europe/${'x'.repeat(80)}`],
  ])('falls back to UTC for %j', (header) => {
    expect(resolveTimeZone(header)).toBe('UTC');
  });
});
