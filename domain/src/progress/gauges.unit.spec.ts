import { describe, expect, it } from 'vitest';
import { SKILLS } from '../rules/skills.js';
import { gaugeHint, GAUGE_HINTS, orderGauges, type CustomerProgressEntry } from './gauges.js';

describe('gauge hints', () => {
  it('uses the exact texts of product-spec §2', () => {
    expect(GAUGE_HINTS).toEqual({
      mastered: 'You have mastered this skill!',
      levelUp: 'You can level up! Just hit the blinking icon!',
      practise: 'Practice to improve! If the level does not fit adjust it in the tab Level Up',
    });
  });

  it.each<[CustomerProgressEntry, string]>([
    [{ skillName: 'timing', skillLevel: 'absolute_pro', levelProgress: 100 }, GAUGE_HINTS.mastered],
    [{ skillName: 'beginner_course', skillLevel: 'starter', levelProgress: 100 }, GAUGE_HINTS.mastered],
    [{ skillName: 'timing', skillLevel: 'pro', levelProgress: 100 }, GAUGE_HINTS.levelUp],
    [{ skillName: 'timing', skillLevel: 'beginner', levelProgress: 80 }, GAUGE_HINTS.levelUp],
    [{ skillName: 'timing', skillLevel: 'beginner', levelProgress: 79 }, GAUGE_HINTS.practise],
    [{ skillName: 'timing', skillLevel: 'absolute_pro', levelProgress: 90 }, GAUGE_HINTS.practise],
    [{ skillName: 'beginner_course', skillLevel: 'starter', levelProgress: 90 }, GAUGE_HINTS.practise],
  ])('%j shows its hint', (entry, hint) => {
    expect(gaugeHint(entry)).toBe(hint);
  });
});

describe('gauge order', () => {
  const entries = (courseProgress: number) =>
    SKILLS.map((skillName) => ({
      skillName,
      levelProgress: skillName === 'beginner_course' ? courseProgress : 10,
    }));

  it('puts the beginner course first until it is complete', () => {
    expect(orderGauges(entries(99)).map((entry) => entry.skillName)).toEqual([...SKILLS]);
  });

  it('moves the completed beginner course to the end', () => {
    expect(orderGauges(entries(100)).map((entry) => entry.skillName)).toEqual([
      ...SKILLS.slice(1),
      'beginner_course',
    ]);
  });

  it('keeps the order of the other skills and does not touch its input', () => {
    const input = entries(100).reverse();
    const copy = [...input];
    expect(orderGauges(input).map((entry) => entry.skillName)).toEqual([
      ...SKILLS.slice(1).reverse(),
      'beginner_course',
    ]);
    expect(input).toEqual(copy);
  });
});
