import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Notation, Voice } from '../catalogue/exercise.js';
import { beatPositionOf, positionFiguresOf } from './beat-positions.js';
import { expectedNotes } from './expected-notes.js';
import { scoreTake, type PlayedHit } from './score-take.js';

// A rock beat: hi-hat 8ths, bass drum on 1 and the "&" of 2, snare on 2 and 4 (16th grid).
const rock: Notation = {
  timeSignature: { beats: 4, beatUnit: 4 },
  subdivision: 4,
  bars: 1,
  notes: [
    ...[0, 2, 4, 6, 8, 10, 12, 14].map((step) => ({ step, voice: 'hi_hat' as Voice })),
    { step: 0, voice: 'bass_drum' },
    { step: 6, voice: 'bass_drum' },
    { step: 4, voice: 'snare' },
    { step: 12, voice: 'snare' },
  ],
};

describe('Positions in the beat', () => {
  it('count 1 e & a on straight grids and 1 trip let on triplet grids', () => {
    expect([0, 1, 2, 3, 4].map((step) => beatPositionOf(step, 4))).toEqual(['1', 'e', '&', 'a', '1']);
    expect([0, 1].map((step) => beatPositionOf(step, 2))).toEqual(['1', '&']);
    expect([0, 1, 2, 3].map((step) => beatPositionOf(step, 3))).toEqual(['1', 'trip', 'let', '1']);
  });
});

describe("A take's figures per voice and position", () => {
  const notes = expectedNotes(rock, { bpm: 100, passes: 4 });
  const takeNotes = notes.map(({ voice, step, timeMs }) => ({ voice, step, timeMs }));

  it('show the bass drum on the "&" dragging, the rest in time, and add up to the hits', () => {
    const played: PlayedHit[] = notes.map((note) => ({
      voice: note.voice,
      timeMs: note.timeMs + (note.voice === 'bass_drum' && note.step === 6 ? 18 : 0),
    }));
    const score = scoreTake(notes, played);
    const figures = positionFiguresOf(takeNotes, score.hits, rock.subdivision, { oneLane: false });
    expect(figures).toEqual([
      { voice: 'bass_drum', position: '1', strokes: 4, meanOffsetMs: 0, spreadMs: 0 },
      { voice: 'bass_drum', position: '&', strokes: 4, meanOffsetMs: 18, spreadMs: 0 },
      { voice: 'hi_hat', position: '1', strokes: 16, meanOffsetMs: 0, spreadMs: 0 },
      { voice: 'hi_hat', position: '&', strokes: 16, meanOffsetMs: 0, spreadMs: 0 },
      { voice: 'snare', position: '1', strokes: 8, meanOffsetMs: 0, spreadMs: 0 },
    ]);
    expect(figures.reduce((sum, entry) => sum + entry.strokes, 0)).toBe(score.hit);
  });

  it('count beat by beat of the bar where asked: the bass drum on the "&" of 2, the hi-hat on every beat', () => {
    const played: PlayedHit[] = notes.map((note) => ({
      voice: note.voice,
      timeMs: note.timeMs + (note.voice === 'snare' && note.step === 12 ? -14 : 0),
    }));
    const score = scoreTake(notes, played);
    const figures = positionFiguresOf(takeNotes, score.hits, rock.subdivision, {
      oneLane: false,
      beatsPerBar: 4,
    });
    expect(figures.find((entry) => entry.voice === 'bass_drum' && entry.position === '&')!.beats).toEqual([
      { beat: 2, strokes: 4, meanOffsetMs: 0, spreadMs: 0 },
    ]);
    expect(figures.find((entry) => entry.voice === 'hi_hat' && entry.position === '1')!.beats).toEqual(
      [1, 2, 3, 4].map((beat) => ({ beat, strokes: 4, meanOffsetMs: 0, spreadMs: 0 })),
    );
    // The snare on 2 in time and on 4 rushed: 7 ms early on the whole, 14 on beat 4 alone.
    expect(figures.find((entry) => entry.voice === 'snare')).toEqual({
      voice: 'snare',
      position: '1',
      strokes: 8,
      meanOffsetMs: -7,
      spreadMs: 7,
      beats: [
        { beat: 2, strokes: 4, meanOffsetMs: 0, spreadMs: 0 },
        { beat: 4, strokes: 4, meanOffsetMs: -14, spreadMs: 0 },
      ],
    });
  });

  it('add up to the hits for any take, from an e-kit or a microphone (property)', () => {
    const performance = fc.array(
      fc.record({
        note: fc.nat(notes.length - 1),
        offset: fc.integer({ min: -150, max: 150 }),
        miss: fc.boolean(),
      }),
      { maxLength: notes.length * 2 },
    );
    fc.assert(
      fc.property(performance, fc.boolean(), (strokes, voiced) => {
        const played = strokes
          .filter((stroke) => !stroke.miss)
          .map(({ note, offset }) => ({
            timeMs: notes[note]!.timeMs + offset,
            ...(voiced ? { voice: notes[note]!.voice } : {}),
          }));
        const score = scoreTake(notes, played);
        const oneLane = !(played.length > 0 && voiced);
        const figures = positionFiguresOf(takeNotes, score.hits, rock.subdivision, {
          oneLane,
          beatsPerBar: 4,
        });
        expect(figures.reduce((sum, entry) => sum + entry.strokes, 0)).toBe(score.hit);
        for (const entry of figures) {
          expect(entry.spreadMs).toBeGreaterThanOrEqual(0);
          // Beat by beat, the same strokes: each beat of the bar once, adding up to the entry's.
          expect(entry.beats!.reduce((sum, beat) => sum + beat.strokes, 0)).toBe(entry.strokes);
          expect(new Set(entry.beats!.map((beat) => beat.beat)).size).toBe(entry.beats!.length);
          for (const { beat } of entry.beats!) expect(beat).toBeGreaterThanOrEqual(1);
          for (const { beat } of entry.beats!) expect(beat).toBeLessThanOrEqual(4);
        }
      }),
    );
  });

  it('are empty for a take with no offsets: nothing played, or only extra strokes', () => {
    expect(positionFiguresOf(takeNotes, [], 4, { oneLane: false })).toEqual([]);
    const extras = [
      { expectedIndex: null, offsetMs: null },
      { expectedIndex: null, offsetMs: null },
    ];
    expect(positionFiguresOf(takeNotes, extras, 4, { oneLane: true })).toEqual([]);
  });
});
