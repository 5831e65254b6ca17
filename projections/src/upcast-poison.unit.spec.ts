import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createInMemoryEventStore,
  customerEventSchemaVersions,
  customerStreamId,
  practiceEventSchemas,
  practiceEventSchemaVersions,
  practiceEventUpcasters,
  upcastData,
  UpcastError,
} from '@stickwork/domain';
import { ALL_PROJECTIONS } from './all-projections.js';
import { createProjectionRunner } from './projection-runner.js';
import { createInMemoryReadModelStore } from './read-model-store.js';
import { lessonHistoryEntries, lessonHistoryModelsOf } from './lesson-history-projection.js';

/**
 * DESIGN.md "Old events": an upcaster validates what it reads and what it returns; an old event it
 * cannot read is parked (for every projection that reads its type), never folded into a row that
 * breaks a read. Every type and version of the registry is covered: a new upcaster (one entry) is too.
 */
const CURRENT_SCHEMAS: Record<string, { safeParse(data: unknown): { success: boolean } }> =
  practiceEventSchemas;
const upcasted = Object.entries(practiceEventUpcasters).flatMap(([type, steps]) =>
  Object.keys(steps).map((version) => ({ type, version: Number(version) })),
);
const handlersOf = (type: string) =>
  ALL_PROJECTIONS.filter((p) => p.canHandle.includes(type)).map((p) => p.name);
const customer = 'ann';

/** Folds one event of `type` at `version` with `data` for the customer; answers what became of it. */
const foldOne = async (type: string, version: number, data: unknown) => {
  const store = createInMemoryEventStore();
  // A registered customer, so the customer directory reads their practice too.
  await store.appendToStream(customerStreamId(customer), [
    {
      type: 'CustomerRegistered',
      data: {
        customerId: customer,
        email: 'ann@example.com',
        firstname: 'Ann',
        lastname: 'Drum',
        country: 'GB',
        passwordHash: 'hash-0',
        newsletterSubscription: false,
        dateTermsAndConditions: '2026-03-01T09:00:00.000Z',
        registeredAt: '2026-03-01T09:00:00.000Z',
      },
      metadata: {
        schemaVersion: customerEventSchemaVersions.CustomerRegistered,
        time: '2026-03-01T09:00:00.000Z',
      },
    },
  ]);
  await store.appendToStream(`practice-${customer}`, [
    { type, data, metadata: { schemaVersion: version, time: '2026-03-01T10:00:00.000Z' } },
  ]);
  const readModels = createInMemoryReadModelStore();
  const runner = createProjectionRunner(store, readModels, ALL_PROJECTIONS);
  await runner.catchUp();
  return { runner, readModels };
};

describe('an old event an upcaster cannot read', () => {
  it('has a schema for the current version of every type with upcasters', () => {
    for (const { type } of upcasted) expect(CURRENT_SCHEMAS[type], type).toBeDefined();
    expect(upcasted.length).toBeGreaterThan(0);
  });

  it('covers every version below the current one (LessonEvaluated 1 and 2, TimingScored 1)', () => {
    for (const [type, steps] of Object.entries(practiceEventUpcasters)) {
      const current = practiceEventSchemaVersions[type as 'LessonEvaluated'];
      expect(Object.keys(steps).map(Number), type).toEqual(
        Array.from({ length: current - 1 }, (_, i) => i + 1),
      );
    }
    expect(practiceEventSchemaVersions.LessonEvaluated).toBe(3);
  });

  it('parks a LessonEvaluated at the current version 3 with null data for every projection that reads it', async () => {
    const { runner, readModels } = await foldOne('LessonEvaluated', 3, null);
    const parked = runner.parked();
    expect(parked.map((entry) => entry.projection).sort()).toEqual(handlersOf('LessonEvaluated').sort());
    for (const entry of parked)
      expect(entry.error).toContain('LessonEvaluated at schema version 3 cannot be read: its data');
    expect(lessonHistoryEntries(lessonHistoryModelsOf(readModels, customer))).toEqual([]);
  });

  it.each(
    upcasted.flatMap(({ type, version }) =>
      [
        ['null', null, ''],
        ['a string', 'poison', ''],
        ['an array', [], ''],
        ['an empty object', {}, 'lessonId'],
      ].map(([what, data, field]) => ({ type, version, what, data, field })),
    ),
  )(
    '$type at version $version with $what as data is parked for every projection, with the field',
    async ({ type, version, data, field }) => {
      expect(() =>
        upcastData(
          practiceEventUpcasters,
          type,
          version,
          practiceEventSchemaVersions[type as 'LessonEvaluated'],
          data,
        ),
      ).toThrow(UpcastError);
      const { runner, readModels } = await foldOne(type, version, data);
      const parked = runner.parked();
      expect(parked.map((entry) => entry.projection).sort()).toEqual(handlersOf(type).sort());
      for (const entry of parked) {
        expect(entry.error).toContain(
          `${type} at schema version ${version} cannot be read: ${field === '' ? 'its data' : field}`,
        );
        expect(entry.type).toBe(type);
      }
      // The customer's views read as if the event were not there.
      expect(lessonHistoryEntries(lessonHistoryModelsOf(readModels, customer))).toEqual([]);
      expect(readModels.listUnder('lesson_history_by_play', `${customer}/`)).toEqual([]);
    },
  );

  it('any JSON value as data is either upcast to a valid current event or parked, never folded into a broken row', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...upcasted), fc.jsonValue(), async ({ type, version }, data) => {
        const current = practiceEventSchemaVersions[type as 'LessonEvaluated'];
        let upcast: unknown;
        try {
          upcast = upcastData(practiceEventUpcasters, type, version, current, data);
        } catch (error) {
          expect(error).toBeInstanceOf(UpcastError);
        }
        const { runner, readModels } = await foldOne(type, version, data);
        if (upcast === undefined) {
          expect(
            runner
              .parked()
              .map((entry) => entry.projection)
              .sort(),
          ).toEqual(handlersOf(type).sort());
        } else {
          expect(CURRENT_SCHEMAS[type]!.safeParse(upcast).success).toBe(true);
        }
        // Whatever was folded, the customer's lesson history reads: no key of an unknown lesson,
        // no entry whose time cannot be read.
        for (const { key } of readModels.listUnder('lesson_history_by_play', `${customer}/`))
          expect(key).not.toContain('undefined');
        for (const entry of lessonHistoryEntries(lessonHistoryModelsOf(readModels, customer)))
          expect(Number.isNaN(Date.parse(entry.playedAt))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('an event stored at the current version that does not fit its schema', () => {
  const evaluated = {
    lessonId: 110003,
    playId: 'play-1',
    focus: 'timing',
    type: 'exercise',
    ratingDifficulty: 'easy',
    skipped: false,
    level: 'starter',
    progressAfter: 10,
    practisedMs: 240_000,
    earned: true,
    masteryShown: false,
    evaluatedAt: '2026-03-01T10:00:00.000Z',
  };

  it('folds a whole LessonEvaluated at version 3 into the lesson history (the control)', async () => {
    const { runner, readModels } = await foldOne('LessonEvaluated', 3, evaluated);
    expect(runner.parked()).toEqual([]);
    expect(lessonHistoryEntries(lessonHistoryModelsOf(readModels, customer))).toHaveLength(1);
  });

  it.each([
    ['its clock (evaluatedAt)', 'evaluatedAt', { ...evaluated, evaluatedAt: undefined }],
    ['a date nobody can read', 'evaluatedAt', { ...evaluated, evaluatedAt: 'yesterday' }],
    ['its practice time', 'practisedMs', { ...evaluated, practisedMs: undefined }],
    ['its lesson', 'lessonId', { ...evaluated, lessonId: '110003' }],
  ])(
    'parks a LessonEvaluated at version 3 missing %s for every projection, naming the field; no row',
    async (_what, field, data) => {
      const { runner, readModels } = await foldOne('LessonEvaluated', 3, data);
      const parked = runner.parked();
      expect(parked.map((entry) => entry.projection).sort()).toEqual(handlersOf('LessonEvaluated').sort());
      for (const entry of parked)
        expect(entry.error).toContain(
          `UpcastError: LessonEvaluated at schema version 3 cannot be read: ${field}:`,
        );
      expect(lessonHistoryEntries(lessonHistoryModelsOf(readModels, customer))).toEqual([]);
      expect(readModels.listUnder('lesson_history_by_play', `${customer}/`)).toEqual([]);
    },
  );

  it('any JSON value as the current data of any practice event is folded only when it fits, else parked', async () => {
    const types = Object.keys(practiceEventSchemas);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...types), fc.jsonValue(), async (type, data) => {
        const { runner } = await foldOne(type, practiceEventSchemaVersions[type as 'LessonEvaluated'], data);
        const fits = CURRENT_SCHEMAS[type]!.safeParse(data).success;
        expect(runner.parked().length > 0).toBe(!fits && handlersOf(type).length > 0);
      }),
      { numRuns: 100 },
    );
  });
});
