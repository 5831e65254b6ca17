import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/event-store.js';
import { readableDomainEvents, toDomainEvents } from './decider.js';
import {
  currentSchemasOf,
  upcastData,
  upcastersOf,
  UpcastError,
  withUpcasters,
  type UpcasterRegistry,
} from './upcasters.js';

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

describe('An event stored at the current schema version', () => {
  const countedSchema = z.object({ n: z.number().int(), countedAt: z.iso.datetime() });
  const versions = withUpcasters(
    { Counted: 2, Noted: 1 },
    { Counted: { 1: (data) => ({ ...(data as object), countedAt: '2026-03-01T10:00:00.000Z' }) } },
    { Counted: countedSchema },
  );
  const stored = (type: string, schemaVersion: number, data: unknown): RecordedEvent => ({
    id: `${type}-${schemaVersion}`,
    streamId: 'counter-1',
    revision: 0,
    position: 1,
    type,
    data,
    metadata: { schemaVersion, time: '2026-03-01T10:00:00.000Z' },
  });

  it('travels with the versions, unseen by whoever lists them', () => {
    expect(currentSchemasOf(versions)).toEqual({ Counted: countedSchema });
    expect(Object.keys(versions)).toEqual(['Counted', 'Noted']);
    expect(currentSchemasOf({ Counted: 1 })).toEqual({});
  });

  it('is read as stored when it fits its schema', () => {
    const data = { n: 4, countedAt: '2026-03-02T08:00:00.000Z' };
    expect(toDomainEvents([stored('Counted', 2, data)], versions)).toEqual([{ type: 'Counted', data }]);
  });

  it('is refused, naming the field, when it does not fit (its clock missing, or no data at all)', () => {
    const read = (data: unknown) => () => toDomainEvents([stored('Counted', 2, data)], versions);
    expect(read({ n: 4 })).toThrow(UpcastError);
    expect(read({ n: 4 })).toThrow(
      'Counted at schema version 2 cannot be read: countedAt: Invalid input: expected string, received undefined',
    );
    expect(read({ n: 4, countedAt: 'yesterday' })).toThrow(
      'Counted at schema version 2 cannot be read: countedAt',
    );
    expect(read(null)).toThrow('Counted at schema version 2 cannot be read: its data');
  });

  it('of a type without a schema is read as stored', () => {
    expect(toDomainEvents([stored('Noted', 1, null)], versions)).toEqual([{ type: 'Noted', data: null }]);
  });

  it("is left out of a decider's fold when it cannot be read; the readable ones around it stay", () => {
    const first = { n: 1, countedAt: '2026-03-01T08:00:00.000Z' };
    const third = { n: 3, countedAt: '2026-03-01T09:00:00.000Z' };
    const recorded = [
      stored('Counted', 2, first),
      stored('Counted', 2, { n: 2 }),
      stored('Counted', 2, null),
      stored('Counted', 2, third),
    ];
    expect(readableDomainEvents(recorded, versions)).toEqual([
      { type: 'Counted', data: first },
      { type: 'Counted', data: third },
    ]);
    // Data newer than the code is no damage but a deploy out of step: it still throws.
    expect(() => readableDomainEvents([stored('Counted', 3, first)], versions)).toThrow(
      'newer than this code',
    );
  });
});
