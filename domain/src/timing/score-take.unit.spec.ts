import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Voice } from '../catalogue/exercise.js';
import { noteStrokes } from '../rhythm/note-strokes.js';
import { dynamicOfVelocity } from './dynamics.js';
import {
  median,
  scoreTake,
  suggestedRating,
  type DueNote,
  type Ornament,
  type PlayedHit,
  type TakeScore,
} from './score-take.js';
import { TakeJudge } from './take-judge.js';
import { MAX_REACH_MS, takeAccuracy } from './timing-tiers.js';

/** A plain take: every note once, moved by its offset. */
const played = (notes: DueNote[], offsets: number[]): PlayedHit[] =>
  notes.map((note, index) => ({ timeMs: note.timeMs + (offsets[index] ?? 0), voice: note.voice }));

/** A take as written, as the pattern player plays it (grace strokes, buzz rebounds), each note moved by its offset. */
const asWritten = (notes: readonly DueNote[], offsets: readonly number[] = []): PlayedHit[] =>
  notes
    .flatMap((note, index) =>
      noteStrokes(
        {
          step: 0,
          voice: note.voice,
          ...(note.ornament && note.ornament !== 'ruff' ? { ornament: note.ornament } : {}),
        },
        (note.lengthMs ?? 125) / 1000,
      ).map((stroke) => ({
        timeMs: note.timeMs + stroke.offset * 1000 + (offsets[index] ?? 0),
        voice: note.voice,
      })),
    )
    .sort((a, b) => a.timeMs - b.timeMs);

interface Pattern {
  bpm: number;
  subdivision: number;
  notes: DueNote[];
}
const stepMsOf = (pattern: Pattern): number => 60_000 / pattern.bpm / pattern.subdivision;

/** Half the closest gap between two notes of one drum: how far every note reaches at least. */
const reachOf = (notes: readonly DueNote[]): number => {
  let reach = MAX_REACH_MS;
  const byVoice = new Map<Voice, number[]>();
  for (const note of notes) byVoice.set(note.voice, [...(byVoice.get(note.voice) ?? []), note.timeMs]);
  for (const times of byVoice.values()) {
    const sorted = [...new Set(times)].sort((a, b) => a - b);
    for (let index = 1; index < sorted.length; index++)
      reach = Math.min(reach, (sorted[index]! - sorted[index - 1]!) / 2);
  }
  return reach;
};

const VOICES: Voice[] = ['snare', 'bass_drum', 'hi_hat', 'high_tom'];
/**
 * Patterns of one to four drums on a grid from quarter notes to 32nds at 40-240 bpm, up to two bars, with
 * accents and (when asked) flams, drags and buzzes.
 */
const patterns = (options: { ornaments: boolean }) =>
  fc
    .record({
      bpm: fc.integer({ min: 40, max: 240 }),
      subdivision: fc.constantFrom(1, 2, 3, 4, 6, 8),
      lanes: fc.array(
        fc.uniqueArray(
          fc.record({
            step: fc.integer({ min: 0, max: 31 }),
            accent: fc.boolean(),
            ornament: options.ornaments
              ? fc.option(fc.constantFrom<Ornament>('flam', 'drag', 'buzz'), { freq: 3 })
              : fc.constant(null),
          }),
          { minLength: 1, maxLength: 16, selector: (note) => note.step },
        ),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map(({ bpm, subdivision, lanes }): Pattern => {
      const stepMs = 60_000 / bpm / subdivision;
      const notes = lanes
        .flatMap((lane, voice) =>
          lane.map((note): DueNote => ({
            timeMs: 1000 + note.step * stepMs,
            voice: VOICES[voice]!,
            bpm,
            lengthMs: stepMs,
            ...(note.accent ? { accent: true } : {}),
            ...(note.ornament ? { ornament: note.ornament } : {}),
          })),
        )
        .sort((a, b) => a.timeMs - b.timeMs);
      return { bpm, subdivision, notes };
    });

const offsetsWithin = (pattern: Pattern, share: number) =>
  fc.array(
    fc.double({ min: -share * reachOf(pattern.notes), max: share * reachOf(pattern.notes), noNaN: true }),
    {
      minLength: pattern.notes.length,
      maxLength: pattern.notes.length,
    },
  );

/** What a microphone hears of a take: one stroke at each moment, whatever drums it struck. */
const heardByMicrophone = (hits: readonly PlayedHit[]): PlayedHit[] =>
  [...new Set(hits.map((hit) => hit.timeMs))].sort((a, b) => a - b).map((timeMs) => ({ timeMs }));

/**
 * The notes as the catalogue writes them: notes at one moment carry one kind of ornament at most (a flam on
 * the snare beside a plain kick, never a flam beside a buzz), which is what a microphone can tell.
 */
const oneOrnamentAMoment = (notes: readonly DueNote[]): DueNote[] =>
  notes.map((note, index) => {
    const other = notes.find(
      (earlier, at) => at < index && earlier.timeMs === note.timeMs && earlier.ornament,
    );
    if (!other || !note.ornament || other.ornament === note.ornament) return note;
    const { ornament: _, ...plain } = note;
    return plain;
  });

const INPUTS = [
  { input: 'an e-kit', notesFor: (notes: DueNote[]) => notes, heard: (hits: PlayedHit[]) => hits },
  { input: 'a microphone', notesFor: oneOrnamentAMoment, heard: heardByMicrophone },
];

describe('judging a take in milliseconds, at every tempo', () => {
  it.each(INPUTS)(
    'a perfect take scores 100 at every tempo, ornaments played as written: $input',
    ({ notesFor, heard }) => {
      fc.assert(
        fc.property(patterns({ ornaments: true }), (pattern) => {
          const notes = notesFor(pattern.notes);
          const score = scoreTake(notes, heard(asWritten(notes)));
          expect(score).toMatchObject({ accuracy: 100, hit: notes.length, missed: 0, extra: 0 });
          expect(score.meanOffsetMs).toBe(0);
          expect(score.spreadMs).toBe(0);
        }),
        { numRuns: 300 },
      );
    },
  );

  // A grace stroke lies up to a third of a step before its note, so with ornaments a shift beyond about
  // two thirds of the reach puts it nearer the note before: those takes are shifted less far.
  it.each([
    { what: 'plain notes', ornaments: false, furthest: 0.8 },
    { what: 'flams, drags and buzzes', ornaments: true, furthest: 0.45 },
  ])(
    'shifting every stroke by d ms moves the mean by d and leaves the spread, while d is within the reach: $what',
    ({ ornaments, furthest }) => {
      fc.assert(
        fc.property(
          patterns({ ornaments }).chain((pattern) =>
            fc.tuple(
              fc.constant(pattern),
              offsetsWithin(pattern, 0.15),
              fc.double({ min: -furthest, max: furthest, noNaN: true }),
            ),
          ),
          ([{ notes }, offsets, share]) => {
            const d = share * reachOf(notes);
            const before = scoreTake(notes, asWritten(notes, offsets));
            const after = scoreTake(
              notes,
              asWritten(
                notes,
                offsets.map((offset) => offset + d),
              ),
            );
            expect(after.hit).toBe(notes.length);
            expect(after.extra).toBe(0);
            expect(after.meanOffsetMs).toBeCloseTo(before.meanOffsetMs + d, 6);
            expect(after.spreadMs).toBeCloseTo(before.spreadMs, 6);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('the same offsets score the same at any tempo', () => {
    fc.assert(
      fc.property(
        patterns({ ornaments: false }),
        fc.integer({ min: 40, max: 240 }),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 64, maxLength: 64 }),
        (pattern, otherBpm, shares) => {
          const other: Pattern = {
            ...pattern,
            bpm: otherBpm,
            notes: pattern.notes.map((note) => ({
              ...note,
              bpm: otherBpm,
              timeMs: 1000 + ((note.timeMs - 1000) * pattern.bpm) / otherBpm,
            })),
          };
          const reach = Math.min(reachOf(pattern.notes), reachOf(other.notes));
          const offsets = pattern.notes.map((_, index) => 0.95 * reach * (shares[index % 64] ?? 0));
          const here = scoreTake(pattern.notes, played(pattern.notes, offsets));
          const there = scoreTake(other.notes, played(other.notes, offsets));
          expect(there.accuracy).toBe(here.accuracy);
          expect(there.meanOffsetMs).toBeCloseTo(here.meanOffsetMs, 9);
          expect(there.spreadMs).toBeCloseTo(here.spreadMs, 9);
          expect(suggestedRating(there.accuracy)).toBe(suggestedRating(here.accuracy));
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(INPUTS)('extra strokes never raise a score, wherever they land: $input', ({ notesFor, heard }) => {
    fc.assert(
      fc.property(
        patterns({ ornaments: true }).chain((pattern) =>
          fc.tuple(
            fc.constant(pattern),
            offsetsWithin(pattern, 0.3),
            fc.array(
              fc.record({
                at: fc.double({ min: 0, max: 1, noNaN: true }),
                voice: fc.constantFrom(...VOICES),
              }),
              { minLength: 1, maxLength: 8 },
            ),
          ),
        ),
        ([pattern, offsets, strays]) => {
          const notes = notesFor(pattern.notes);
          const take = asWritten(notes, offsets);
          const span = (notes[notes.length - 1]?.timeMs ?? 0) + 2 * stepMsOf(pattern);
          const withStrays = [
            ...take,
            ...strays.map(({ at, voice }) => ({ timeMs: 800 + at * span, voice })),
          ];
          expect(scoreTake(notes, heard(withStrays)).accuracy).toBeLessThanOrEqual(
            scoreTake(notes, heard(take)).accuracy,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the score never rises as the strokes move further from the beat', () => {
    fc.assert(
      fc.property(
        patterns({ ornaments: false }).chain((pattern) =>
          fc.tuple(fc.constant(pattern), offsetsWithin(pattern, 0.45)),
        ),
        fc.double({ min: 1, max: 2, noNaN: true }),
        ([{ notes }, offsets], factor) => {
          const closer = scoreTake(notes, played(notes, offsets));
          const further = scoreTake(
            notes,
            played(
              notes,
              offsets.map((offset) => offset * factor),
            ),
          );
          expect(further.accuracy).toBeLessThanOrEqual(closer.accuracy);
        },
      ),
    );
  });

  it('a flam, drag or buzz played as written scores as well as a plain note played on time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 240 }),
        fc.constantFrom(2, 3, 4, 6, 8),
        fc.constantFrom<Ornament>('flam', 'drag', 'buzz'),
        (bpm, subdivision, ornament) => {
          const lengthMs = 60_000 / bpm / subdivision;
          const notes: DueNote[] = Array.from({ length: 8 }, (_, index) => ({
            timeMs: 1000 + index * lengthMs,
            voice: 'snare',
            bpm,
            lengthMs,
            ...(index % 2 === 0 ? { ornament } : {}),
          }));
          const plain = notes.map(({ ornament: _, ...note }) => note);
          const { hits: _ornamented, ...written } = scoreTake(notes, asWritten(notes));
          const { hits: _plain, ...onTime } = scoreTake(plain, played(plain, []));
          expect(written).toEqual(onTime);
        },
      ),
    );
  });
});

describe('what drummers play, judged right', () => {
  const quarters = (bpm: number, count = 4): DueNote[] =>
    Array.from({ length: count }, (_, index) => ({ timeMs: (index * 60_000) / bpm, voice: 'snare', bpm }));

  it('quarters at 200 bpm played 40 ms late are late by 40 ms, every note played', () => {
    const notes = quarters(200);
    const score = scoreTake(notes, played(notes, [40, 40, 40, 40]));
    expect(score).toMatchObject({ hit: 4, missed: 0, extra: 0, meanOffsetMs: 40 });
    expect(score.hits.every((hit) => hit.timing === 'late')).toBe(true);
    expect(score.accuracy).toBeGreaterThan(70);
  });

  it('30 ms late scores the same at 60 and at 200 bpm', () => {
    const at = (bpm: number) => scoreTake(quarters(bpm, 8), played(quarters(bpm, 8), Array(8).fill(30)));
    expect(at(200).accuracy).toBe(at(60).accuracy);
    expect(at(60).accuracy).toBe(81.5);
  });

  it('a flam played right (grace 30 ms early, main stroke on time) scores 100 with nothing extra', () => {
    const notes: DueNote[] = [{ timeMs: 1000, voice: 'snare', bpm: 100, ornament: 'flam', lengthMs: 150 }];
    const score = scoreTake(notes, [
      { timeMs: 970, voice: 'snare' },
      { timeMs: 1000, voice: 'snare' },
    ]);
    expect(score).toMatchObject({ accuracy: 100, hit: 1, extra: 0 });
    expect(score.hits[0]).toMatchObject({ ornament: true, expectedIndex: 0 });
    // Main stroke 20 ms late, grace 10 ms early: the grace is still the grace.
    const late = scoreTake(notes, [
      { timeMs: 990, voice: 'snare' },
      { timeMs: 1020, voice: 'snare' },
    ]);
    expect(late).toMatchObject({ hit: 1, extra: 0, meanOffsetMs: 20 });
  });

  it('a ruff (three grace strokes, then the note) played as written scores 100 with nothing extra', () => {
    const notes: DueNote[] = [
      { timeMs: 1000, voice: 'snare', bpm: 90, ornament: 'ruff', lengthMs: 167 },
      { timeMs: 1167, voice: 'snare', bpm: 90, lengthMs: 167 },
    ];
    const score = scoreTake(notes, [
      ...[955, 970, 985].map((timeMs) => ({ timeMs, voice: 'snare' as const })),
      ...played(notes, [4, -2]),
    ]);
    expect(score).toMatchObject({ accuracy: 100, hit: 2, extra: 0, meanOffsetMs: 1 });
    expect(score.hits.filter((hit) => hit.ornament)).toHaveLength(3);
    // A fourth stroke before it is one more than a ruff has: extra.
    const four = scoreTake(notes, [
      ...[940, 955, 970, 985].map((timeMs) => ({ timeMs, voice: 'snare' as const })),
      ...played(notes, [4, -2]),
    ]);
    expect(four).toMatchObject({ hit: 2, extra: 1 });
  });

  it('a buzz stroke then a plain note, both on time, score 100: the rebounds belong to the buzz', () => {
    const notes: DueNote[] = [
      { timeMs: 1000, voice: 'snare', bpm: 120, ornament: 'buzz', lengthMs: 125 },
      { timeMs: 1125, voice: 'snare', bpm: 120, lengthMs: 125 },
    ];
    expect(scoreTake(notes, asWritten(notes))).toMatchObject({ accuracy: 100, hit: 2, extra: 0 });
  });

  it('a stray stroke 70 ms after a 16th is the extra one: it does not steal the next note', () => {
    const notes: DueNote[] = [0, 125, 250].map((timeMs) => ({ timeMs, voice: 'snare', bpm: 120 }));
    const score = scoreTake(notes, [...played(notes, []), { timeMs: 70, voice: 'snare' }]);
    expect(score).toMatchObject({ hit: 3, extra: 1, meanOffsetMs: 0 });
    expect(score.accuracy).toBe(83.3);
  });

  it('with a microphone one stroke plays every note written at its moment (kick and hi-hat)', () => {
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'bass_drum', bpm: 100 },
      { timeMs: 0, voice: 'hi_hat', bpm: 100 },
      { timeMs: 300, voice: 'hi_hat', bpm: 100 },
    ];
    const score = scoreTake(notes, [{ timeMs: 3 }, { timeMs: 302 }]);
    expect(score).toMatchObject({ expected: 3, hit: 3, missed: 0, extra: 0, accuracy: 100 });
  });

  it("with a microphone the other drum of such a moment, struck apart, is that moment's, not extra", () => {
    // Kick and hi-hat written together, struck 35 ms apart: a microphone hears two strokes.
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'bass_drum', bpm: 100 },
      { timeMs: 0, voice: 'hi_hat', bpm: 100 },
      { timeMs: 300, voice: 'hi_hat', bpm: 100 },
    ];
    const score = scoreTake(notes, [{ timeMs: 2 }, { timeMs: 37 }, { timeMs: 301 }]);
    expect(score).toMatchObject({ expected: 3, hit: 3, missed: 0, extra: 0, accuracy: 100 });
    expect(score.hits[1]).toMatchObject({ expectedIndex: 0, ornament: true, timing: null });
    // The later of the two plays the moment when it is the nearer: the earlier is the other drum's.
    expect(scoreTake(notes, [{ timeMs: -40 }, { timeMs: 1 }, { timeMs: 301 }])).toMatchObject({
      hit: 3,
      extra: 0,
    });
  });

  it('with a microphone a moment takes one stroke per drum written there, each within 60 ms of its own', () => {
    const kickAndHat: DueNote[] = [
      { timeMs: 0, voice: 'bass_drum', bpm: 100 },
      { timeMs: 0, voice: 'hi_hat', bpm: 100 },
      { timeMs: 300, voice: 'hi_hat', bpm: 100 },
    ];
    // A third stroke at a moment of two drums, and one 90 ms from the stroke that played it, are extra.
    expect(
      scoreTake(kickAndHat, [{ timeMs: 0 }, { timeMs: 30 }, { timeMs: 55 }, { timeMs: 300 }]),
    ).toMatchObject({
      hit: 3,
      extra: 1,
    });
    expect(scoreTake(kickAndHat, [{ timeMs: 0 }, { timeMs: 90 }, { timeMs: 300 }])).toMatchObject({
      hit: 3,
      extra: 1,
    });
    // A moment of one drum takes one stroke: a second 30 ms after it is extra.
    const hats: DueNote[] = [0, 300].map((timeMs) => ({ timeMs, voice: 'hi_hat', bpm: 100 }));
    expect(scoreTake(hats, [{ timeMs: 0 }, { timeMs: 30 }, { timeMs: 300 }])).toMatchObject({
      hit: 2,
      extra: 1,
    });
    // With an e-kit each drum is judged on its own: a hat stroke 35 ms off is late, and nothing is absorbed.
    const ekit = scoreTake(kickAndHat, [
      { timeMs: 0, voice: 'bass_drum' },
      { timeMs: 35, voice: 'hi_hat' },
      { timeMs: 300, voice: 'hi_hat' },
    ]);
    expect(ekit).toMatchObject({ hit: 3, extra: 0 });
    expect(ekit.accuracy).toBeLessThan(100);
  });

  it('of two strokes both far off a note, the nearer plays it', () => {
    // 100 ms early and 80 ms late both earn half credit: the note was meant by the nearer one.
    const notes = quarters(60, 2);
    const score = scoreTake(notes, [
      { timeMs: -100, voice: 'snare' },
      { timeMs: 80, voice: 'snare' },
      { timeMs: 1000, voice: 'snare' },
    ]);
    expect(score).toMatchObject({ hit: 2, extra: 1, meanOffsetMs: 40 });
    expect(score.hits[0]).toMatchObject({ expectedIndex: null });
    expect(score.hits[1]).toMatchObject({ expectedIndex: 0, offsetMs: 80, timing: 'late' });
  });

  it('a stroke further than 125 ms from every note is extra, however slow the tempo', () => {
    const notes = quarters(40, 2);
    expect(scoreTake(notes, [{ timeMs: 130, voice: 'snare' }])).toMatchObject({ hit: 0, extra: 1 });
    expect(scoreTake(notes, [{ timeMs: 120, voice: 'snare' }])).toMatchObject({ hit: 1, extra: 0 });
  });
});

/** Feeds a take as the coach does: notes ahead of time, strokes as they sound, settling every few ms. */
const live = (
  notes: readonly DueNote[],
  hits: readonly PlayedHit[],
  everyMs: number,
  voiced: boolean,
): TakeScore => {
  const judge = new TakeJudge({ voiced });
  const end = Math.max(...notes.map((note) => note.timeMs), ...hits.map((hit) => hit.timeMs)) + 1000;
  let note = 0;
  let hit = 0;
  for (let now = 0; now <= end; now += everyMs) {
    // The practice room plans 300 ms ahead.
    while (note < notes.length && notes[note]!.timeMs <= now + 300) judge.addNote(notes[note++]!);
    while (hit < hits.length && hits[hit]!.timeMs <= now) judge.addHit(hits[hit++]!);
    judge.settle(now);
    const soFar = judge.score();
    expect(soFar.hit + soFar.missed).toBe(soFar.expected);
  }
  return judge.finish();
};

describe('live judging', () => {
  it('ends exactly where judging the whole take at once ends', () => {
    fc.assert(
      fc.property(
        patterns({ ornaments: true }).chain((pattern) =>
          fc.tuple(
            fc.constant(pattern),
            offsetsWithin(pattern, 1),
            fc.array(
              fc.record({
                at: fc.double({ min: 0, max: 1, noNaN: true }),
                voice: fc.constantFrom(...VOICES),
              }),
              {
                maxLength: 6,
              },
            ),
            fc.integer({ min: 4, max: 40 }),
            fc.boolean(),
          ),
        ),
        ([{ notes }, offsets, strays, everyMs, voiced]) => {
          const span = (notes[notes.length - 1]?.timeMs ?? 0) + 200;
          const hits = [
            ...asWritten(notes, offsets),
            ...strays.map(({ at, voice }) => ({ timeMs: 800 + at * span, voice })),
          ]
            .map((hit) => (voiced ? hit : { timeMs: hit.timeMs }))
            .sort((a, b) => a.timeMs - b.timeMs);
          expect(live(notes, hits, everyMs, voiced)).toEqual(scoreTake(notes, hits));
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);

  it('a take stopped half way counts only the notes whose reach had passed', () => {
    const notes: DueNote[] = [0, 500, 1000, 1500].map((timeMs) => ({ timeMs, voice: 'snare', bpm: 120 }));
    const judge = new TakeJudge({ voiced: true });
    for (const note of notes) judge.addNote(note);
    for (const hit of played(notes, [5, 5, 5, 5])) judge.addHit(hit);
    const score = judge.finish(1100);
    expect(score).toMatchObject({ expected: 2, hit: 2, extra: 0 });
  });

  it('a take stopped just after a stroke on one drum does not call it extra while another drum was judged past it', () => {
    // Hi-hat eighths at 120 bpm and the snare on 2 and on the next 1: stopped at 1,130 ms, the hi-hat's
    // notes up to 1,000 ms are judged, the snare's note at 1,100 ms is not (its reach runs to 1,225 ms).
    const hiHat: DueNote[] = [0, 250, 500, 750, 1000].map((timeMs) => ({
      timeMs,
      voice: 'hi_hat',
      bpm: 120,
    }));
    const snare: DueNote[] = [500, 1100].map((timeMs) => ({ timeMs, voice: 'snare', bpm: 120 }));
    const notes = [...hiHat, ...snare].sort((a, b) => a.timeMs - b.timeMs);
    const judge = new TakeJudge({ voiced: true });
    for (const note of notes) judge.addNote(note);
    for (const hit of played(
      notes,
      notes.map(() => 5),
    ))
      judge.addHit(hit);
    expect(judge.finish(1130)).toMatchObject({ expected: 6, hit: 6, missed: 0, extra: 0 });
  });

  it('names the notes a stopped take counted, which need not be the first ones', () => {
    // The bass drum's note reaches 125 ms, the hi-hat's 16ths (125 ms apart) 62.5 ms: stopped at 80 ms, the
    // hi-hat's first note is counted and the bass drum's, added before it, is not.
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'bass_drum', bpm: 120 },
      ...[0, 125, 250].map((timeMs): DueNote => ({ timeMs, voice: 'hi_hat', bpm: 120 })),
    ];
    const judge = new TakeJudge({ voiced: true });
    for (const note of notes) judge.addNote(note);
    for (const hit of played(notes, [0, 0, 0, 0])) judge.addHit(hit);
    const score = judge.finish(80);
    expect(score).toMatchObject({ expected: 1, hit: 1, extra: 0 });
    expect(judge.countedNotes()).toEqual([1]);
    expect(score.hits.find((hit) => hit.expectedIndex !== null)?.expectedIndex).toBe(1);
  });
});

describe('the count-in', () => {
  /** Strokes before the first note's reach: on the count-in's clicks, or anywhere in the bars before. */
  const countInStrokes = (notes: readonly DueNote[], voiced: boolean) => {
    const reachStart = Math.min(...notes.map((note) => note.timeMs)) - MAX_REACH_MS;
    return fc
      .array(
        fc.record({
          before: fc.double({ min: 0.001, max: 4000, noNaN: true }),
          voice: fc.constantFrom(...VOICES),
        }),
        { minLength: 1, maxLength: 8 },
      )
      .map((strokes) =>
        strokes.map(({ before, voice }) => ({ timeMs: reachStart - before, ...(voiced ? { voice } : {}) })),
      );
  };

  it("strokes before the first note's reach never change the score, whole or live", () => {
    fc.assert(
      fc.property(
        patterns({ ornaments: true }).chain((pattern) =>
          fc.boolean().chain((voiced) =>
            fc.tuple(
              fc.constant(pattern),
              fc.constant(voiced),
              offsetsWithin(pattern, 1),
              fc.array(
                fc.record({
                  at: fc.double({ min: 0, max: 1, noNaN: true }),
                  voice: fc.constantFrom(...VOICES),
                }),
                { maxLength: 6 },
              ),
              countInStrokes(pattern.notes, voiced),
              fc.integer({ min: 4, max: 40 }),
            ),
          ),
        ),
        ([{ notes }, voiced, offsets, strays, countIn, everyMs]) => {
          const span = (notes[notes.length - 1]?.timeMs ?? 0) + 200;
          const take = [
            ...asWritten(notes, offsets),
            ...strays.map(({ at, voice }) => ({ timeMs: 1000 + at * span, voice })),
          ].map((hit) => (voiced ? hit : { timeMs: hit.timeMs }));
          const withCountIn = [...countIn, ...take].sort((a, b) => a.timeMs - b.timeMs);
          const score = scoreTake(notes, take);
          expect(scoreTake(notes, withCountIn)).toEqual(score);
          expect(live(notes, withCountIn, everyMs, voiced)).toEqual(score);
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);

  it('a perfect take with four strokes on the count-in clicks scores 100 with nothing extra (it read 92 %, "4 extra")', () => {
    // A rock beat at 120 bpm, two bars after a bar of count-in: hi-hat 8ths, bass drum on 1 and 3, snare on 2 and 4.
    const bar: { step: number; voice: Voice }[] = [
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((step) => ({ step, voice: 'hi_hat' as const })),
      { step: 0, voice: 'bass_drum' },
      { step: 4, voice: 'bass_drum' },
      { step: 2, voice: 'snare' },
      { step: 6, voice: 'snare' },
    ];
    const notes: DueNote[] = [0, 1]
      .flatMap((index) =>
        bar.map(({ step, voice }) => ({ timeMs: 2000 + index * 2000 + step * 250, voice, bpm: 120 })),
      )
      .sort((a, b) => a.timeMs - b.timeMs);
    const onTheClicks: PlayedHit[] = [0, 500, 1000, 1500].map((timeMs) => ({ timeMs, voice: 'hi_hat' }));
    const score = scoreTake(notes, [...onTheClicks, ...played(notes, [])]);
    expect(score).toMatchObject({ expected: 24, hit: 24, extra: 0, accuracy: 100 });
    expect(score.hits).toHaveLength(24);
    // The last click's stroke 300 ms late still lies before the first note's reach.
    expect(scoreTake(notes, [{ timeMs: 1800, voice: 'snare' }, ...played(notes, [])]).extra).toBe(0);
    // A stroke in the first note's reach is the take's: an extra.
    expect(scoreTake(notes, [{ timeMs: 1900, voice: 'snare' }, ...played(notes, [])]).extra).toBe(1);
  });

  it('live, strokes heard before any note was planned are the count-in', () => {
    const notes: DueNote[] = [2000, 2500, 3000, 3500].map((timeMs) => ({ timeMs, voice: 'snare', bpm: 120 }));
    const judge = new TakeJudge({ voiced: true });
    for (const timeMs of [0, 500, 1000, 1500]) judge.addHit({ timeMs, voice: 'snare' });
    for (const note of notes) judge.addNote(note);
    for (const hit of played(notes, [])) judge.addHit(hit);
    expect(judge.finish()).toMatchObject({ expected: 4, hit: 4, extra: 0, accuracy: 100 });
  });
});

describe('scoring details', () => {
  it('a stray hit costs, also when it is closer to a note than the hit that was there', () => {
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'snare', bpm: 120 },
      { timeMs: 500, voice: 'snare', bpm: 120 },
    ];
    const clean = scoreTake(notes, [
      { timeMs: 50, voice: 'snare' },
      { timeMs: 500, voice: 'snare' },
    ]);
    const withStray = scoreTake(notes, [
      { timeMs: 0, voice: 'snare' },
      { timeMs: 50, voice: 'snare' },
      { timeMs: 500, voice: 'snare' },
    ]);
    expect(withStray.extra).toBe(1);
    expect(withStray.accuracy).toBeLessThan(clean.accuracy);
    expect(scoreTake(notes, [{ timeMs: 2000, voice: 'snare' }, ...played(notes, [])]).accuracy).toBe(75);
  });

  it('a take 15 ms late at 120 bpm reads late, scores in the nineties and suggests easy', () => {
    const notes: DueNote[] = Array.from({ length: 16 }, (_, index) => ({
      timeMs: index * 500,
      voice: 'snare',
      bpm: 120,
    }));
    const score = scoreTake(notes, played(notes, Array(16).fill(15)));
    expect(score.hits.every((hit) => hit.timing === 'late')).toBe(true);
    expect(score.meanOffsetMs).toBe(15);
    expect(score.accuracy).toBe(95);
    expect(suggestedRating(score.accuracy)).toBe('easy');
  });

  it('counts missed notes, extra hits and wrong voices', () => {
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'bass_drum', bpm: 120 },
      { timeMs: 0, voice: 'hi_hat', bpm: 120 },
      { timeMs: 250, voice: 'hi_hat', bpm: 120 },
      { timeMs: 500, voice: 'snare', bpm: 120 },
    ];
    const score = scoreTake(notes, [
      { timeMs: 2, voice: 'bass_drum' },
      { timeMs: -3, voice: 'hi_hat' },
      { timeMs: 505, voice: 'high_tom' }, // wrong drum: extra, and the snare is missed
    ]);
    expect(score).toMatchObject({ expected: 4, hit: 2, missed: 2, extra: 1 });
    expect(score.accuracy).toBe(37.5);
  });

  it('a microphone hit (no voice) plays whichever note is due', () => {
    const notes: DueNote[] = [{ timeMs: 1000, voice: 'pad', bpm: 90 }];
    expect(scoreTake(notes, [{ timeMs: 1010 }]).hit).toBe(1);
  });

  it('tells accents and ghost notes by velocity, and counts the strokes played at the written level', () => {
    expect([127, 100, 99, 46, 45, 1].map(dynamicOfVelocity)).toEqual([
      'accent',
      'accent',
      'normal',
      'normal',
      'ghost',
      'ghost',
    ]);
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'snare', bpm: 120, accent: true },
      { timeMs: 250, voice: 'snare', bpm: 120, ghost: true },
      { timeMs: 500, voice: 'snare', bpm: 120 },
    ];
    const kit = scoreTake(notes, [
      { timeMs: 1, voice: 'snare', velocity: 120 },
      { timeMs: 251, voice: 'snare', velocity: 90 }, // a ghost note played too loud
      { timeMs: 501, voice: 'snare', velocity: 70 },
    ]);
    expect(kit.dynamics).toEqual({ judged: 3, asWritten: 2 });
    expect(scoreTake(notes, played(notes, [])).dynamics).toBeNull();
  });

  it('rounds the accuracy to a tenth past the noise of adding up times', () => {
    // 77 of 80 notes' credit is 96.25 %: a credit that sums to a hair under 77 rounds the same way.
    expect(takeAccuracy(77, 0, 80)).toBe(96.3);
    expect(takeAccuracy(77 - 1e-12, 0, 80)).toBe(96.3);
    expect(takeAccuracy(76.99, 0, 80)).toBe(96.2);
    expect(takeAccuracy(10, 30, 10)).toBe(0);
  });

  it('suggests an evaluation from the accuracy', () => {
    expect([100, 90, 89.9, 70, 69.9, 0].map(suggestedRating)).toEqual([
      'easy',
      'easy',
      'challenging',
      'challenging',
      'hard',
      'hard',
    ]);
  });

  it('the calibration figure is the median offset', () => {
    expect(median([30, 20, 25, 400, 22])).toBe(25);
    expect(median([10, 20])).toBe(15);
    expect(median([])).toBe(0);
  });
});
