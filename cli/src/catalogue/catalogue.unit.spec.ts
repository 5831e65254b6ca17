import { describe, expect, it } from 'vitest';
import { getCatalogue, levelIndex, SKILLS, type Exercise, type Notation } from '@stickwork/domain';
import { catalogueStats, RATED_LEVELS } from './catalogue-stats.js';
import { notationGrid } from './notation-grid.js';

describe('notation grid', () => {
  it('draws a count line, one line per voice top to bottom, and the sticking', () => {
    const notation: Notation = {
      timeSignature: { beats: 2, beatUnit: 4 },
      subdivision: 4,
      bars: 2,
      notes: [
        { step: 0, voice: 'bass_drum', sticking: 'F' },
        { step: 0, voice: 'hi_hat', sticking: 'R', accent: true },
        { step: 2, voice: 'hi_hat_open', sticking: 'R' },
        { step: 4, voice: 'snare', sticking: 'L', ghost: true },
        { step: 9, voice: 'snare', sticking: 'R', ornament: 'flam', accent: true },
        { step: 15, voice: 'crash', sticking: 'B' },
      ],
    };
    expect(notationGrid(notation)).toEqual([
      '          |1   2   |1   2   |',
      'Crash     |--------|-------x|',
      'Hi-hat    |X-o-----|--------|',
      'Snare     |----g---|-F------|',
      'Bass drum |x-------|--------|',
      'Sticking  |R R L   | R     B|',
    ]);
  });
});

describe('catalogue stats', () => {
  it('count per skill and level the exercises a customer at that level can be given', () => {
    const exercises = getCatalogue();
    const stats = catalogueStats(exercises);
    expect(stats.exercises + stats.warmUps).toBe(exercises.length);
    const fits = (exercise: Exercise, level: (typeof RATED_LEVELS)[number]) =>
      exercise.type === 'exercise' &&
      levelIndex(exercise.min_level) <= levelIndex(level) &&
      levelIndex(level) <= levelIndex(exercise.max_level);
    for (const skill of SKILLS)
      for (const level of RATED_LEVELS)
        expect(stats.bySkillAndLevel[skill]?.[level] ?? 0).toBe(
          exercises.filter((exercise) => exercise.focus === skill && fits(exercise, level)).length,
        );
    expect(stats.bySkillAndLevel.hand_technique?.beginner).toBeGreaterThan(0);
  });
});
