import type { NoteEvent } from '../exercise.js';
import type { ExerciseDraft, ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS, sentences, slotOf } from '../family.js';
import { notation } from '../grid.js';
import { countingOf } from '../notation-text.js';
import type { Grid } from '../grid.js';
import { kitNotes } from '../kit.js';
import type { KitParts } from '../kit.js';

/** Beginner-course tempi: everything is taught at starter, so tempo steps replace levels. */
const TEMPI = [50, 60, 70, 80, 90, 100] as const;

interface Lesson {
  topic: string;
  label: string;
  parts: KitParts;
  sticking?: Partial<Record<keyof KitParts, string>>;
  grid?: Grid;
  pad: boolean;
  text: string[];
  /** Notes added on top of the parts (crash landings). */
  extra?: NoteEvent[];
}

const BAR: Grid = { beats: 4, beatUnit: 4, subdivision: 4, bars: 1 };
const TWO_BARS: Grid = { ...BAR, bars: 2 };

const GRIP =
  'Grip: hold each stick about a third of the way up from the butt end between thumb and the first joint of the index finger, the other fingers wrapped loosely around it. Thumbs point at each other, palms face down, and the sticks form a slight V.';
const POSTURE =
  'Posture: sit upright on the front half of the throne, thighs roughly level and the knees slightly lower than the hips. The drum in front of you sits just above your lap; the pedals are at a comfortable angle so both feet rest on them without stretching.';

const pad = (label: string, pattern: string, sticking: string, text: string): Lesson => ({
  topic: 'Stick grip',
  label,
  parts: { pad: pattern },
  sticking: { pad: sticking },
  pad: true,
  text: [GRIP, text],
});

const LESSONS: readonly Lesson[] = [
  pad(
    'right hand quarter notes',
    'x--- x--- x--- x---',
    'R',
    'Play quarter notes with the right hand only, letting the stick bounce back up after each stroke.',
  ),
  pad(
    'left hand quarter notes',
    'x--- x--- x--- x---',
    'L',
    'Now the left hand only; copy the motion and the height of the right hand exactly.',
  ),
  pad(
    'alternating quarter notes',
    'x--- x--- x--- x---',
    'RL',
    'Alternate right and left on each quarter note; both strokes should look and sound the same.',
  ),
  pad(
    'alternating 8th notes',
    'x-x- x-x- x-x- x-x-',
    'RL',
    'Alternate 8th notes: right on the beat, left on the "&".',
  ),
  pad(
    'four on each hand',
    'x-x- x-x- x-x- x-x-',
    'RRRRLLLL',
    'Four 8th notes with the right hand, then four with the left, keeping the sticks relaxed.',
  ),
  {
    topic: 'Posture and feet',
    label: 'bass drum quarter notes',
    parts: { bass_drum: 'x--- x--- x--- x---' },
    pad: false,
    text: [
      POSTURE,
      'Play quarter notes on the bass drum, heel down, letting the beater come back off the head after each stroke.',
    ],
  },
  {
    topic: 'Posture and feet',
    label: 'hi-hat foot on 2 and 4',
    parts: { hi_hat_foot: '---- x--- ---- x---' },
    pad: false,
    text: [
      POSTURE,
      'Close the hi-hat with the left foot on 2 and 4 so it makes a short "chick", and open it again on 1 and 3.',
    ],
  },
  {
    topic: 'Posture and feet',
    label: 'bass drum and hi-hat foot alternating',
    parts: { bass_drum: 'x--- ---- x--- ----', hi_hat_foot: '---- x--- ---- x---' },
    pad: false,
    text: [POSTURE, 'Bass drum on 1 and 3, hi-hat foot on 2 and 4: a simple walk with your feet.'],
  },
  {
    topic: 'Posture and feet',
    label: 'hands and feet together on the beat',
    parts: { snare: 'x--- x--- x--- x---', bass_drum: 'x--- x--- x--- x---' },
    sticking: { snare: 'RL' },
    pad: false,
    text: [
      POSTURE,
      'Play alternating quarter notes on the snare together with the bass drum; hand and foot must land as one sound.',
    ],
  },
  ...(
    [
      ['counting quarter notes', 'x--- x--- x--- x---', 'Say "1 2 3 4" with each note.'],
      [
        'counting 8th notes',
        'x-x- x-x- x-x- x-x-',
        'Say "1 & 2 & 3 & 4 &"; the "&" falls exactly halfway between the beats.',
      ],
      [
        'counting 16th notes',
        'xxxx xxxx xxxx xxxx',
        'Say "1 e & a 2 e & a 3 e & a 4 e & a", one syllable per note.',
      ],
      [
        'counting quarters and 8ths',
        'x--- x-x- x--- x-x-',
        'Say all the 8th-note syllables, "1 & 2 & 3 & 4 &", but play only the notes written.',
      ],
      [
        'counting rests',
        'x--- ---- x-x- ----',
        'Count through the rests; silence has exactly the same length as a note.',
      ],
    ] as const
  ).map(([label, pattern, text]): Lesson => ({
    topic: 'Counting',
    label,
    parts: { pad: pattern },
    sticking: { pad: 'RL' },
    pad: true,
    text: ['Counting out loud is the fastest way to feel where each note belongs.', text],
  })),
  ...(
    [
      [
        'hi-hat quarters, bass drum 1, snare 3',
        { hi_hat: 'x--- x--- x--- x---', bass_drum: 'x--- ---- ---- ----', snare: '---- ---- x--- ----' },
      ],
      [
        'hi-hat quarters, bass drum 1 and 3, snare 2 and 4',
        { hi_hat: 'x--- x--- x--- x---', bass_drum: 'x--- ---- x--- ----', snare: '---- x--- ---- x---' },
      ],
      [
        'hi-hat 8ths, bass drum 1 and 3, snare 2 and 4',
        { hi_hat: 'x-x- x-x- x-x- x-x-', bass_drum: 'x--- ---- x--- ----', snare: '---- x--- ---- x---' },
      ],
      [
        'hi-hat 8ths, bass drum 1, 3 and 3&',
        { hi_hat: 'x-x- x-x- x-x- x-x-', bass_drum: 'x--- ---- x-x- ----', snare: '---- x--- ---- x---' },
      ],
      [
        'hi-hat 8ths, bass drum 1, 1& and 3',
        { hi_hat: 'x-x- x-x- x-x- x-x-', bass_drum: 'x-x- ---- x--- ----', snare: '---- x--- ---- x---' },
      ],
      [
        'ride 8ths, bass drum 1 and 3, snare 2 and 4',
        { ride: 'x-x- x-x- x-x- x-x-', bass_drum: 'x--- ---- x--- ----', snare: '---- x--- ---- x---' },
      ],
      [
        'hi-hat 8ths, four on the floor',
        { hi_hat: 'x-x- x-x- x-x- x-x-', bass_drum: 'x--- x--- x--- x---', snare: '---- x--- ---- x---' },
      ],
      [
        'hi-hat 8ths, bass drum 1 and 2&',
        { hi_hat: 'x-x- x-x- x-x- x-x-', bass_drum: 'x--- --x- ---- ----', snare: '---- x--- ---- x---' },
      ],
    ] as const
  ).map(([label, parts]): Lesson => ({
    topic: 'First beat',
    label,
    parts,
    pad: false,
    text: [
      `Your first grooves: put them together one limb at a time, starting with the ${'ride' in parts ? 'ride' : 'hi-hat'} alone.`,
      'Then add the bass drum, then the snare, and check that notes written on the same beat land together.',
    ],
  })),
  ...(
    [
      ['four 8ths on the snare', '---- ---- ---- ---- | ---- ---- x-x- x-x-', 'snare'],
      ['four 8ths on the floor tom', '---- ---- ---- ---- | ---- ---- x-x- x-x-', 'floor_tom'],
      ['four quarter notes around the toms', '', 'toms_quarters'],
      ['eight 8ths, snare to floor tom', '', 'snare_floor'],
    ] as const
  ).flatMap(([label, pattern, kind]) =>
    [true, false].map((crash): Lesson => {
      const groove: KitParts = {
        hi_hat: 'x-x- x-x- x-x- x-x- | x-x- x-x- ---- ----',
        bass_drum: 'x--- ---- x--- ---- | x--- ---- ---- ----',
        snare: '---- x--- ---- x--- | ---- x--- ---- ----',
      };
      const fill: KitParts =
        kind === 'snare'
          ? { snare: '---- x--- ---- x--- | ---- x--- x-x- x-x-' }
          : kind === 'floor_tom'
            ? { floor_tom: pattern }
            : kind === 'toms_quarters'
              ? {
                  hi_hat: 'x-x- x-x- x-x- x-x- | ---- ---- ---- ----',
                  bass_drum: 'x--- ---- x--- ---- | ---- ---- ---- ----',
                  snare: '---- x--- ---- x--- | x--- ---- ---- ----',
                  high_tom: '---- ---- ---- ---- | ---- x--- ---- ----',
                  mid_tom: '---- ---- ---- ---- | ---- ---- x--- ----',
                  floor_tom: '---- ---- ---- ---- | ---- ---- ---- x---',
                }
              : {
                  hi_hat: 'x-x- x-x- x-x- x-x- | ---- ---- ---- ----',
                  bass_drum: 'x--- ---- x--- ---- | ---- ---- ---- ----',
                  snare: '---- x--- ---- x--- | x-x- x-x- ---- ----',
                  floor_tom: '---- ---- ---- ---- | ---- ---- x-x- x-x-',
                };
      return {
        topic: 'First fill',
        label: `${label}, ${crash ? 'crash on 1' : 'no crash'}`,
        parts: { ...groove, ...fill },
        sticking: { snare: 'RL', floor_tom: 'RL', high_tom: 'R', mid_tom: 'L' },
        grid: TWO_BARS,
        pad: false,
        extra: crash ? [{ step: 0, voice: 'crash', sticking: 'R', accent: true }] : [],
        text: [
          'Your first fill: a bar of groove, then the fill at the end of the second bar, and back to the groove on beat 1.',
          crash
            ? 'Land on beat 1 with the crash cymbal and the bass drum together.'
            : 'Land on beat 1 with hi-hat and bass drum, without a crash.',
          'Count through the fill so it does not rush; the fill is part of the bar, not an extra.',
        ],
      };
    }),
  ),
];

const beginnerLesson = (lesson: Lesson, lessonIndex: number, tempoIndex: number): ExerciseDraft => {
  const grid = lesson.grid ?? BAR;
  const total = grid.beats * grid.subdivision * grid.bars;
  const parts = lesson.extra?.length ? withoutHatOnOne(lesson.parts) : lesson.parts;
  const notes = [...(lesson.extra ?? []), ...kitNotes(parts, total, lesson.sticking)];
  const bpm = TEMPI[tempoIndex]!;
  const sheet = notation(grid, notes);
  return {
    slot: slotOf([lessonIndex, tempoIndex], [64, 8]),
    name: `${lesson.topic} — ${lesson.label}, ${bpm} bpm`,
    focus: 'beginner_course',
    minLevel: 1,
    maxLevel: 1,
    padSufficient: lesson.pad,
    description: sentences(
      ...lesson.text,
      // A counting lesson says its count in its own words.
      lesson.topic !== 'Counting' && `Count "${countingOf(sheet)}" out loud while you play.`,
      `Set the metronome to ${bpm} bpm and play ${grid.bars === 1 ? 'the bar' : 'both bars'} 16 times. Go to the next tempo only when it feels easy and relaxed.`,
    ),
    startBpm: bpm,
    repetitions: 16,
    practiceTime: lesson.topic === 'First fill' || lesson.topic === 'First beat' ? 5 : 3,
    type: 'exercise',
    notation: sheet,
  };
};

/** A crash on 1 replaces the hi-hat note there. */
const withoutHatOnOne = (parts: KitParts): KitParts =>
  parts.hi_hat ? { ...parts, hi_hat: `-${parts.hi_hat.replace(/[\s|]/g, '').slice(1)}` } : parts;

export const beginnerCourseFamily: ExerciseFamily = {
  index: FAMILY_BLOCKS.beginnerCourse,
  key: 'beginner-course',
  build: () => LESSONS.flatMap((lesson, l) => TEMPI.map((_, t) => beginnerLesson(lesson, l, t))),
};
