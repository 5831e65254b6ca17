import { describe, expect, it } from 'vitest';
import type { Exercise } from './exercise.js';
import { validateCatalogue } from './validate-catalogue.js';

const valid = (overrides: Partial<Exercise> = {}): Exercise => ({
  lesson_id: 42,
  name: 'Single Paradiddle — accents as written, right lead, 60 bpm',
  focus: 'hand_technique',
  min_level: 'starter',
  max_level: 'beginner',
  pad_sufficient: true,
  description_text: 'Play R L R R L R L L with the accent on the first note of each group.',
  start_bpm: 60,
  number_repetition: 12,
  practice_time: 5,
  type: 'exercise',
  notation: {
    timeSignature: { beats: 4, beatUnit: 4 },
    subdivision: 4,
    bars: 1,
    notes: [
      { step: 0, voice: 'snare', sticking: 'R', accent: true },
      { step: 15, voice: 'snare', sticking: 'L' },
    ],
  },
  ...overrides,
});

// An empty video list, so these cases do not depend on the operator's lesson-videos.json.
const errorsOf = (...exercises: Exercise[]): string[] => validateCatalogue(exercises, {}).errors;

describe('validateCatalogue', () => {
  it('accepts a well-formed exercise', () => {
    expect(validateCatalogue([valid()], {})).toEqual({ ok: true, errors: [] });
  });

  it.each<[string, Partial<Exercise>, string]>([
    [
      'a level out of range',
      { max_level: 'grand_master' as Exercise['max_level'] },
      'lesson 42: levels starter-grand_master must be between starter and absolute_pro',
    ],
    [
      'the "not set" level',
      { min_level: 'level not set' },
      'lesson 42: levels level not set-beginner must be between starter and absolute_pro',
    ],
    [
      'min above max',
      { min_level: 'pro', max_level: 'beginner' },
      'lesson 42: min_level pro is above max_level beginner',
    ],
    [
      'beginner course above starter',
      { focus: 'beginner_course' },
      'lesson 42: beginner_course only has the starter level, got max_level beginner',
    ],
    [
      'a bad focus',
      { focus: 'cowbell_solos' as Exercise['focus'] },
      'lesson 42: focus "cowbell_solos" is not a skill or warm_up',
    ],
    [
      'a warm-up focus with exercise type',
      { focus: 'warm_up' },
      'lesson 42: a warm_up focus needs type warm_up, got exercise',
    ],
    [
      'a warm-up type on a skill',
      { type: 'warm_up', practice_time: 3 },
      'lesson 42: type warm_up needs focus warm_up, got hand_technique',
    ],
    ['zero bpm', { start_bpm: 0 }, 'lesson 42: start_bpm must be a positive integer, got 0'],
    [
      'bpm above the metronome',
      { start_bpm: 300 },
      'lesson 42: start_bpm 300 is outside the metronome range 30-250',
    ],
    [
      'negative repetitions',
      { number_repetition: -4 },
      'lesson 42: number_repetition must be a positive integer, got -4',
    ],
    ['zero practice time', { practice_time: 0 }, 'lesson 42: practice_time must be positive, got 0'],
    ['an overlong exercise', { practice_time: 20 }, 'lesson 42: practice_time 20 is outside 2-15 minutes'],
    ['an empty description', { description_text: '  ' }, 'lesson 42: description_text is empty'],
    ['an empty name', { name: '' }, 'lesson 42: name is empty'],
    ['a zero lesson id', { lesson_id: 0 }, 'lesson 0: lesson_id must be a positive integer'],
    [
      'a non-https video',
      { video_url: 'ftp://example.org/1' },
      'lesson 42: video_url "ftp://example.org/1" is not an https link',
    ],
  ])('rejects %s', (_case, overrides, message) => {
    expect(errorsOf(valid(overrides))).toContain(message);
  });

  it('rejects a warm-up longer than 5 minutes', () => {
    expect(errorsOf(valid({ focus: 'warm_up', type: 'warm_up', practice_time: 8 }))).toEqual([
      'lesson 42: practice_time 8 is outside 2-5 minutes',
    ]);
  });

  it('rejects an empty notation', () => {
    const exercise = valid();
    exercise.notation = { ...exercise.notation, notes: [] };
    expect(errorsOf(exercise)).toEqual(['lesson 42: notation has no notes']);
  });

  it('rejects notes outside the grid', () => {
    const exercise = valid();
    exercise.notation = {
      ...exercise.notation,
      notes: [
        { step: 16, voice: 'snare', sticking: 'R' },
        { step: -1, voice: 'snare' },
      ],
    };
    expect(errorsOf(exercise)).toEqual([
      'lesson 42: note 0 at step 16 lies outside the grid of 16 steps',
      'lesson 42: note 1 at step -1 lies outside the grid of 16 steps',
    ]);
  });

  it('rejects unknown voices, stickings, subdivisions and muted bars', () => {
    const exercise = valid();
    exercise.notation = {
      ...exercise.notation,
      subdivision: 5 as 4,
      notes: [{ step: 0, voice: 'gong' as 'snare', sticking: 'X' as 'R' }],
      click: { placement: 'beat', mutedBars: [3] },
    };
    expect(errorsOf(exercise)).toEqual([
      'lesson 42: subdivision 5 is not one of 2, 3, 4, 6, 8',
      'lesson 42: note 0 has unknown voice "gong"',
      'lesson 42: note 0 has unknown sticking "X"',
      'lesson 42: muted click bar 3 is outside bars 0-0',
    ]);
  });

  it('rejects duplicate ids and duplicate names, naming both lessons', () => {
    const result = validateCatalogue(
      [valid(), valid({ name: 'Another name' }), valid({ lesson_id: 43 })],
      {},
    );
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      'lesson 42: duplicate lesson_id',
      `lesson 43: duplicate name "${valid().name}" (also lesson 42)`,
    ]);
  });
});

describe('validateCatalogue: the lesson → video list', () => {
  const file = 'domain/src/catalogue/lesson-videos.json';

  it('accepts Vimeo ids for lessons of the catalogue', () => {
    expect(validateCatalogue([valid()], { '42': '76979871' })).toEqual({ ok: true, errors: [] });
  });

  it('names unknown lessons, keys that are no lesson id and malformed video ids', () => {
    expect(
      validateCatalogue([valid()], {
        '7': '76979871',
        warmup: '1',
        '42': 'https://vimeo.com/76979871',
      }).errors,
    ).toEqual([
      `${file}: lesson 7 is not in the catalogue`,
      `${file}: lesson 42: video id "https://vimeo.com/76979871" is not a Vimeo video id (digits only, e.g. "76979871")`,
      `${file}: "warmup" is not a lesson id (a positive whole number)`,
    ]);
    expect(validateCatalogue([valid()], { '42': 76979871 }).errors).toEqual([
      `${file}: lesson 42: video id 76979871 is not a Vimeo video id (digits only, e.g. "76979871")`,
    ]);
  });

  it('rejects a file that is not an object of entries', () => {
    for (const videos of [[], null, 'x'])
      expect(validateCatalogue([valid()], videos).errors).toEqual([
        `${file}: must be an object of "lessonId": "vimeoVideoId" entries`,
      ]);
  });
});
