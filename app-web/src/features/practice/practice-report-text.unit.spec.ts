import { describe, expect, it } from 'vitest';
import type { SkillProgressEntry } from './practice-api';
import { nextPracticeStep, practiceTimeText } from './practice-report-text';

const gauge = (
  skillName: SkillProgressEntry['skillName'],
  levelProgress: number,
  overrides: Partial<SkillProgressEntry> = {},
): SkillProgressEntry => ({ skillName, skillLevel: 'beginner', levelProgress, selected: true, ...overrides });

describe('the practice report', () => {
  it('sums seconds before rounding: five quick lessons are seconds, not five minutes', () => {
    expect(practiceTimeText(5 * 3)).toBe('15 s');
    expect(practiceTimeText(0)).toBe('0 s');
    expect(practiceTimeText(89)).toBe('1 min');
    expect(practiceTimeText(90)).toBe('2 min');
    expect(practiceTimeText(59 * 60 + 20)).toBe('59 min');
    expect(practiceTimeText(60 * 60)).toBe('1 h');
    expect(practiceTimeText(75 * 60)).toBe('1 h 15 min');
  });

  it('suggests levelling up a ready skill first, a practised one before another', () => {
    const step = nextPracticeStep(
      [gauge('hand_speed', 95), gauge('timing', 85), gauge('grooves', 30)],
      ['timing', 'grooves'],
    );
    expect(step).toEqual({
      text: 'Timing is ready to level up.',
      link: { to: '/update-skills', label: 'Level up now' },
    });
  });

  it('otherwise names the chosen skill closest to level-up', () => {
    const step = nextPracticeStep(
      [gauge('timing', 40), gauge('drum_fills', 64), gauge('grooves', 75, { selected: false })],
      ['timing'],
    );
    expect(step.text).toBe(
      'Next time, pick Drum Fills: at 64% it is the closest to its next level (level-up opens at 80%).',
    );
    expect(step.link).toBeUndefined();
  });

  it('leaves out skills that cannot climb: the beginner course and the top level', () => {
    const step = nextPracticeStep(
      [
        gauge('beginner_course', 90),
        gauge('timing', 99, { skillLevel: 'absolute_pro' }),
        gauge('grooves', 10),
      ],
      [],
    );
    expect(step.text).toMatch(/^Next time, pick Grooves: at 10%/);
    expect(nextPracticeStep([gauge('beginner_course', 90)], []).text).toBe(
      'Come back tomorrow to keep your streak going.',
    );
  });
});
