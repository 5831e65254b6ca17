import { describe, expect, it } from 'vitest';
import { upcastData, upcastersOf, withUpcasters, type UpcasterRegistry } from './upcasters.js';

describe('The upcaster registry', () => {
  const registry: UpcasterRegistry = {
    Counted: {
      1: (data) => ({ ...(data as object), unit: 'lesson' }),
      2: (data) => ({ ...(data as object), v: 3 }),
    },
  };

  it('brings data up one version at a time and leaves the current version alone', () => {
    expect(upcastData(registry, 'Counted', 1, 3, { n: 1 })).toEqual({ n: 1, unit: 'lesson', v: 3 });
    expect(upcastData(registry, 'Counted', 2, 3, { n: 1 })).toEqual({ n: 1, v: 3 });
    expect(upcastData(registry, 'Counted', 3, 3, { n: 1 })).toEqual({ n: 1 });
  });

  it('travel with the schema versions they upcast to, unseen by whoever lists the versions', () => {
    const versions = withUpcasters({ Counted: 3 }, registry);
    expect(upcastersOf(versions)).toBe(registry);
    expect(Object.keys(versions)).toEqual(['Counted']);
    expect(upcastersOf({ Counted: 1 })).toEqual({});
  });

  it('refuses a version it has no step for, and data newer than the code', () => {
    expect(() => upcastData(registry, 'Other', 1, 2, {})).toThrow(
      'No upcaster for Other from schema version 1',
    );
    expect(() => upcastData(registry, 'Counted', 4, 3, {})).toThrow('newer than this code');
  });
});
