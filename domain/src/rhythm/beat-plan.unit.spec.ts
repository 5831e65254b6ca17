import { describe, expect, it } from 'vitest';
import { findExercise } from '../catalogue/catalogue.js';
import type { Notation } from '../catalogue/exercise.js';
import { isSilentBar, planBeat, tempoWithNote } from './beat-plan.js';
import { changeGap } from './gap-click.js';
import { patternPlayback } from './pattern-playback.js';
import type { PracticeProgram } from './practice-program.js';
import { advanceSequence, startSequence } from './sequencer.js';
import { speedTrainer } from './speed-trainer.js';

const notationOf = (lessonId: number): Notation => {
  const exercise = findExercise(lessonId);
  if (!exercise) throw new Error(`lesson ${lessonId} is not in the catalogue`);
  return exercise.notation;
};

const program = (overrides: Partial<PracticeProgram> = {}): PracticeProgram => ({
  notation: null,
  pattern: 'off',
  click: { enabled: true, subdivision: 1, accentFirstBeat: true },
  countIn: true,
  gap: null,
  trainer: null,
  ...overrides,
});

/** Clicks of `beats` beats as "beat:fraction:sound" strings. */
const clicks = (run: PracticeProgram, beats: number) =>
  Array.from({ length: beats }, (_, beat) =>
    planBeat(run, beat, 60).sounds.flatMap((entry) =>
      entry.sound.kind === 'click' ? [`${beat}+${entry.at.toFixed(2)}:${entry.sound.click}`] : [],
    ),
  ).flat();

const SINGLES = 100034; // 4/4 sixteenths, 2 bars, accents over ghosted taps
const FLAMS = 20229; // flam taps
const DRAGS = 400002;
const BUZZ = 130003;
const SILENT_SECOND_BAR = 670105; // click on every beat, second bar muted, sextuplets
const OFFBEAT = 1142055;
const BACKBEAT = 1140003;
const DOWNBEAT = 670089;
const THREE_FOUR = 210005;

describe('the metronome alone', () => {
  it('accents beat one, clicks every beat, adds the chosen subdivisions with their own sound (no count-in asked)', () => {
    const run = program({ click: { enabled: true, subdivision: 3, accentFirstBeat: true }, countIn: false });
    expect(clicks(run, 5)).toEqual([
      '0+0.00:accent',
      '0+0.33:subdivision',
      '0+0.67:subdivision',
      '1+0.00:beat',
      '1+0.33:subdivision',
      '1+0.67:subdivision',
      '2+0.00:beat',
      '2+0.33:subdivision',
      '2+0.67:subdivision',
      '3+0.00:beat',
      '3+0.33:subdivision',
      '3+0.67:subdivision',
      '4+0.00:accent',
      '4+0.33:subdivision',
      '4+0.67:subdivision',
    ]);
    expect(planBeat(run, 0, 60).positions[0]?.position).toMatchObject({
      countIn: false,
      step: null,
      beat: 0,
    });
  });

  it('without the accent, beat one sounds like the others; with the click off and no count-in, nothing sounds', () => {
    const noCountIn = { countIn: false };
    expect(
      clicks(program({ click: { enabled: true, subdivision: 1, accentFirstBeat: false }, ...noCountIn }), 2),
    ).toEqual(['0+0.00:beat', '1+0.00:beat']);
    expect(
      clicks(program({ click: { enabled: false, subdivision: 4, accentFirstBeat: true }, ...noCountIn }), 8),
    ).toEqual([]);
  });

  it("takes the bar length from the exercise's time signature", () => {
    expect(clicks(program({ notation: notationOf(THREE_FOUR), countIn: false }), 4)).toEqual([
      '0+0.00:accent',
      '1+0.00:beat',
      '2+0.00:beat',
      '3+0.00:accent',
    ]);
  });
});

describe('compound time', () => {
  const TWELVE_EIGHT = 830007;
  const SIX_EIGHT = 450005;

  it('in 12/8 clicks the four dotted-quarter pulses, strong on 1 and medium on 4, 7 and 10, counting in in pulses', () => {
    const run = program({ notation: notationOf(TWELVE_EIGHT), pattern: 'muted', countIn: true });
    expect(notationOf(TWELVE_EIGHT).timeSignature).toEqual({ beats: 12, beatUnit: 8 });
    const pulses = ['0+0.00:accent', '3+0.00:beat', '6+0.00:beat', '9+0.00:beat'];
    // The count-in bar, then the first bar: pulses only.
    expect(clicks(run, 24)).toEqual([
      ...pulses,
      ...pulses.map((click) => click.replace(/^\d+/, (beat) => String(Number(beat) + 12))),
    ]);
  });

  it('in 12/8 clicks every eighth, weak between the pulses, when subdivisions are asked for', () => {
    const run = program({
      notation: notationOf(TWELVE_EIGHT),
      pattern: 'muted',
      countIn: false,
      click: { enabled: true, subdivision: 2, accentFirstBeat: true },
    });
    expect(clicks(run, 12)).toEqual([
      '0+0.00:accent',
      '1+0.00:subdivision',
      '2+0.00:subdivision',
      '3+0.00:beat',
      '4+0.00:subdivision',
      '5+0.00:subdivision',
      '6+0.00:beat',
      '7+0.00:subdivision',
      '8+0.00:subdivision',
      '9+0.00:beat',
      '10+0.00:subdivision',
      '11+0.00:subdivision',
    ]);
  });

  it('names the note the tempo counts: the eighth, and the dotted-quarter pulse in compound time', () => {
    expect(tempoWithNote({ beats: 12, beatUnit: 8 }, 160)).toBe('♪ = 160 (♩. = 53)');
    expect(tempoWithNote({ beats: 6, beatUnit: 8 }, 120)).toBe('♪ = 120 (♩. = 40)');
    expect(tempoWithNote({ beats: 7, beatUnit: 8 }, 200)).toBe('♪ = 200');
    expect(tempoWithNote({ beats: 4, beatUnit: 4 }, 90)).toBe('♩ = 90');
  });

  it('in 6/8 clicks two pulses a bar, strong then medium; without the accent both are alike', () => {
    const six = notationOf(SIX_EIGHT);
    expect(six.timeSignature).toEqual({ beats: 6, beatUnit: 8 });
    expect(clicks(program({ notation: six, pattern: 'muted', countIn: false }), 12)).toEqual([
      '0+0.00:accent',
      '3+0.00:beat',
      '6+0.00:accent',
      '9+0.00:beat',
    ]);
    const plain = program({
      notation: six,
      pattern: 'muted',
      countIn: false,
      click: { enabled: true, subdivision: 1, accentFirstBeat: false },
    });
    expect(clicks(plain, 6)).toEqual(['0+0.00:beat', '3+0.00:beat']);
  });
});

describe('the pattern player', () => {
  const singles = notationOf(SINGLES);

  it('counts in one bar of beat clicks (no notes), then plays every written note at its step', () => {
    const run = program({ notation: singles, pattern: 'audible' });
    const countIn = [0, 1, 2, 3].map((beat) => planBeat(run, beat, 60));
    expect(countIn.every((beat) => beat.sounds.every((entry) => entry.sound.kind === 'click'))).toBe(true);
    expect(countIn.map((beat) => beat.positions[0]?.position.countIn)).toEqual([true, true, true, true]);
    const steps = Array.from({ length: 8 }, (_, beat) => planBeat(run, 4 + beat, 60))
      .flatMap((beat) => beat.sounds)
      .flatMap((entry) => (entry.sound.kind === 'drum' ? [entry.sound.step] : []));
    expect(steps).toEqual(singles.notes.map((note) => note.step));
  });

  it('without the count-in starts on the first note; loops the notation', () => {
    const run = program({ notation: singles, pattern: 'audible', countIn: false });
    const beats = 4 * singles.bars;
    const firstPass = planBeat(run, 0, 60).positions.map((entry) => entry.position.step);
    const secondPass = planBeat(run, beats, 60).positions.map((entry) => entry.position.step);
    expect(firstPass).toEqual([0, 1, 2, 3]);
    expect(secondPass).toEqual(firstPass);
  });

  it('plays accents louder and ghost notes softer than plain notes', () => {
    const byStep = new Map(
      Array.from({ length: 8 }, (_, beat) =>
        planBeat(program({ notation: singles, pattern: 'audible', countIn: false }), beat, 60),
      )
        .flatMap((beat) => beat.sounds)
        .flatMap((entry) =>
          entry.sound.kind === 'drum' ? [[entry.sound.step, entry.sound.velocity] as const] : [],
        ),
    );
    const accent = singles.notes.find((note) => note.accent)!;
    const ghost = singles.notes.find((note) => note.ghost)!;
    expect(byStep.get(accent.step)!).toBeGreaterThan(byStep.get(ghost.step)!);
    expect(byStep.get(ghost.step)!).toBeLessThan(0.5);
  });

  it('plays a flam grace stroke and a drag’s two just before the note, and buzz rebounds after it', () => {
    for (const [lessonId, ornament, before, after] of [
      [FLAMS, 'flam', 1, 0],
      [DRAGS, 'drag', 2, 0],
      [BUZZ, 'buzz', 0, 1],
    ] as const) {
      const notation = notationOf(lessonId);
      const note = notation.notes.find((entry) => entry.ornament === ornament)!;
      const strokes = patternPlayback(notation, { bpm: 80, countIn: false }).filter(
        (entry) => entry.sound.kind === 'drum' && entry.sound.step === note.step,
      );
      const main = strokes.find((entry) => entry.sound.kind === 'drum' && !entry.sound.grace)!;
      const graces = strokes.filter((entry) => entry.sound.kind === 'drum' && entry.sound.grace);
      expect(graces.filter((entry) => entry.time < main.time).length).toBeGreaterThanOrEqual(before);
      expect(graces.filter((entry) => entry.time > main.time).length).toBeGreaterThanOrEqual(after);
      for (const grace of graces)
        expect(Math.abs(grace.time - main.time)).toBeLessThan(60 / 80 / notation.subdivision);
    }
  });

  it("muted, it plays no drum but keeps the exercise's positions for the notation to follow", () => {
    const run = program({ notation: singles, pattern: 'muted', countIn: false });
    expect(planBeat(run, 0, 60).sounds.every((entry) => entry.sound.kind === 'click')).toBe(true);
    expect(planBeat(run, 0, 60).positions.map((entry) => entry.position.step)).toEqual([0, 1, 2, 3]);
  });
});

describe("the exercise's own click track", () => {
  const exerciseRun = (lessonId: number) =>
    program({
      notation: notationOf(lessonId),
      pattern: 'muted',
      countIn: false,
      click: { enabled: true, subdivision: 4, accentFirstBeat: true },
    });

  it('clicks on the & of every beat, on 2 and 4, or on 1 of each bar as written, without subdivisions', () => {
    expect(clicks(exerciseRun(OFFBEAT), 2)).toEqual(['0+0.50:beat', '1+0.50:beat']);
    expect(clicks(exerciseRun(BACKBEAT), 4)).toEqual(['1+0.00:beat', '3+0.00:beat']);
    expect(clicks(exerciseRun(DOWNBEAT), 8)).toEqual(['0+0.00:accent', '4+0.00:accent']);
  });

  it('is silent in the bars it mutes, and says so in the positions', () => {
    const run = exerciseRun(SILENT_SECOND_BAR);
    expect(clicks(run, 8).filter((click) => Number(click.split('+')[0]) >= 4)).toEqual([]);
    expect(planBeat(run, 4, 60).positions[0]?.position.silent).toBe(true);
    expect(planBeat(run, 8, 60).positions[0]?.position.silent).toBe(false);
  });

  it('plays the plain metronome when the pattern is off', () => {
    expect(clicks(program({ notation: notationOf(OFFBEAT) }), 1)).toEqual(['0+0.00:accent']);
  });
});

describe('gap click and speed trainer in the run', () => {
  it('silences everything in the gap bars, counted after the count-in', () => {
    const run = program({
      notation: notationOf(SINGLES),
      pattern: 'audible',
      gap: { withClick: 1, silent: 1 },
    });
    const soundsOf = (beat: number) => planBeat(run, beat, 60).sounds.length;
    expect(soundsOf(0)).toBeGreaterThan(0); // count-in
    expect(soundsOf(4)).toBeGreaterThan(0); // bar 1: click
    expect([8, 9, 10, 11].map(soundsOf)).toEqual([0, 0, 0, 0]); // bar 2: silent
    expect(planBeat(run, 8, 60).positions[0]?.position).toMatchObject({ silent: true, barNumber: 1 });
  });

  it('plays the count-in at the start tempo and raises the tempo bar by bar', () => {
    const trainer = speedTrainer({ startBpm: 100, targetBpm: 104, stepBpm: 2, everyBars: 1 });
    const run = program({ trainer });
    const tempoOfBeat = (beat: number) => planBeat(run, beat, 60).bpm;
    expect([0, 3, 4, 7, 8, 12, 16, 40].map(tempoOfBeat)).toEqual([100, 100, 100, 100, 102, 104, 104, 104]);
  });

  it('spaces every beat of a trainer run at its own tempo', () => {
    const trainer = speedTrainer({ startBpm: 60, targetBpm: 120, stepBpm: 20, everyBars: 1 });
    const run = program({ trainer, countIn: false });
    const { sounds } = advanceSequence(startSequence(0, run, 60), run, 60, 10);
    const times = sounds.map((entry) => entry.time);
    // 4 beats at 60 (1 s), 4 at 80 (0.75 s), 4 at 100 (0.6 s), then 120 (0.5 s).
    expect(times.slice(0, 14)).toEqual(
      [0, 1, 2, 3, 4, 4.75, 5.5, 6.25, 7, 7.6, 8.2, 8.8, 9.4, 9.9].map((time) => expect.closeTo(time, 9)),
    );
  });
});

describe('one rule for silent bars, and a count-in that always sounds', () => {
  it("the lesson's own muted bar is silent like a gap bar: no click and no pattern, and says so", () => {
    const run = program({ notation: notationOf(SILENT_SECOND_BAR), pattern: 'audible', countIn: false });
    const beatsPerBar = notationOf(SILENT_SECOND_BAR).timeSignature.beats;
    expect(planBeat(run, 0, 60).sounds.length).toBeGreaterThan(0);
    for (let beat = beatsPerBar; beat < 2 * beatsPerBar; beat++) {
      expect(planBeat(run, beat, 60).sounds).toEqual([]);
      expect(planBeat(run, beat, 60).positions.every((entry) => entry.position.silent)).toBe(true);
    }
    expect(isSilentBar(run, 1)).toBe(true);
    expect(isSilentBar(run, 2)).toBe(false);
  });

  it('counts in with the click off, for the pattern and for the metronome alone', () => {
    const clickOff = { enabled: false, subdivision: 1, accentFirstBeat: true } as const;
    for (const run of [
      program({ notation: notationOf(SINGLES), pattern: 'audible', click: clickOff }),
      program({ click: clickOff }),
    ]) {
      expect(clicks(run, 4)).toEqual(['0+0.00:accent', '1+0.00:beat', '2+0.00:beat', '3+0.00:beat']);
      expect(planBeat(run, 4, 60).sounds.every((entry) => entry.sound.kind !== 'click')).toBe(true);
    }
    expect(planBeat(program(), 0, 60).positions[0]?.position.countIn).toBe(true);
  });

  it('a gap change in the run takes over at the end of the cycle', () => {
    const run = program({
      countIn: false,
      gap: { withClick: 1, silent: 1 },
      gapChanges: changeGap({ withClick: 1, silent: 1 }, [], 0, { withClick: 2, silent: 1 }),
    });
    const barSilent = (bar: number) => planBeat(run, bar * 4, 60).sounds.length === 0;
    expect([0, 1, 2, 3, 4, 5].map(barSilent)).toEqual([false, true, false, false, true, false]);
  });
});
