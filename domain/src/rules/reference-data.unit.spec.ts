import { describe, expect, it } from 'vitest';
import { chartValue, DEFAULT_CHART_VALUE, radarChartValues } from './chart-values.js';
import { COURSE_DESCRIPTIONS } from './course-descriptions.js';
import {
  DEFAULT_DIFFICULTY_POSITION,
  DEFAULT_DIFFICULTY_RATING,
  DIFFICULTY_RATINGS,
  difficultyRatingAt,
} from './difficulty-ratings.js';
import {
  HAND_SPEED_LADDER_BPM,
  levelDescription,
  maxLevelIndexFor,
  SKILL_LEVEL_DESCRIPTIONS,
} from './level-descriptions.js';
import { LEVELS } from './levels.js';
import { entitlementsFor, PAID_TIERS } from './plans.js';
import { SKILLS } from './skills.js';
import { TIER_FEATURES } from './tier-features.js';

describe('level descriptions', () => {
  it('has seven levels per skill and one for the beginner course', () => {
    for (const skill of SKILLS) {
      const expected = skill === 'beginner_course' ? 1 : 7;
      expect(SKILL_LEVEL_DESCRIPTIONS[skill]).toHaveLength(expected);
      expect(maxLevelIndexFor(skill)).toBe(expected);
      expect(new Set(SKILL_LEVEL_DESCRIPTIONS[skill]).size).toBe(expected);
    }
  });

  it('runs hand speed over the 16th-note ladder 70 to 230 bpm, every rung named in order', () => {
    expect(HAND_SPEED_LADDER_BPM).toEqual([70, 110, 150, 180, 200, 230]);
    const descriptions = SKILL_LEVEL_DESCRIPTIONS.hand_speed;
    expect(descriptions.every((text) => text.includes('16th-note singles'))).toBe(true);
    expect(descriptions[0]).toContain('70 bpm');
    expect(descriptions[6]).toContain('230 bpm');
    const firstBpm = descriptions.map((text) => Number(/(\d+)(?= bpm| to )/.exec(text)?.[1]));
    expect(firstBpm).toEqual([70, 70, 110, 150, 180, 200, 230]);
  });

  it('looks a description up by level, with nothing for "level not set" or beyond the range', () => {
    expect(levelDescription('hand_speed', 'starter')).toBe(SKILL_LEVEL_DESCRIPTIONS.hand_speed[0]);
    expect(levelDescription('hand_speed', 7)).toBe(SKILL_LEVEL_DESCRIPTIONS.hand_speed[6]);
    expect(levelDescription('timing', 'level not set')).toBeUndefined();
    expect(levelDescription('beginner_course', 'beginner')).toBeUndefined();
  });

  it('has a short and a longer course description for every skill', () => {
    for (const skill of SKILLS) {
      const { short, long } = COURSE_DESCRIPTIONS[skill];
      expect(short.length).toBeGreaterThan(20);
      expect(long.length).toBeGreaterThan(short.length * 2);
    }
  });
});

describe('chart values', () => {
  it('maps levels to the product-spec values and a missing preference to 0.1', () => {
    expect(LEVELS.slice(1).map(chartValue)).toEqual([0.2, 0.3, 0.4, 0.5, 0.7, 0.8, 0.9]);
    expect(chartValue(undefined)).toBe(DEFAULT_CHART_VALUE);
    expect(DEFAULT_CHART_VALUE).toBe(0.1);
  });

  it('draws the seven chart skills without the beginner course', () => {
    const values = radarChartValues({ beginner_course: 'starter', timing: 'pro' });
    expect(values).toHaveLength(7);
    expect(values.find((point) => point.skill === 'timing')?.value).toBe(0.8);
    expect(values.find((point) => point.skill === 'grooves')?.value).toBe(0.1);
  });
});

describe('difficulty ratings', () => {
  it('orders the slider from too easy to too hard with challenging as default at position 2', () => {
    expect(DIFFICULTY_RATINGS).toEqual(['too_easy', 'easy', 'challenging', 'hard', 'too_hard']);
    expect(DEFAULT_DIFFICULTY_RATING).toBe('challenging');
    expect(DEFAULT_DIFFICULTY_POSITION).toBe(2);
    expect(difficultyRatingAt(4)).toBe('too_hard');
    expect(() => difficultyRatingAt(5)).toThrow(RangeError);
  });
});

describe('tier features', () => {
  const texts = (tier: keyof typeof TIER_FEATURES) => TIER_FEATURES[tier].map((feature) => feature.text);

  it('promise what the entitlements grant', () => {
    expect(texts('freemium')).toContain('3 lessons per day');
    for (const tier of PAID_TIERS) {
      expect(texts(tier)).toContain('Unlimited lessons');
      const { drumPadMode, maxSkillsPerSession, onlineLessonsPerYear } = entitlementsFor(tier, 'active');
      expect(texts(tier).includes('Drum-pad-only lessons')).toBe(drumPadMode);
      expect(texts(tier).includes('All skill preferences in one session')).toBe(maxSkillsPerSession === null);
      expect(texts(tier).some((text) => text.startsWith(`${onlineLessonsPerYear} online lessons`))).toBe(
        onlineLessonsPerYear > 0,
      );
    }
  });

  it('offers the history of lessons on every plan, no longer as coming soon', () => {
    for (const tier of ['freemium', ...PAID_TIERS] as const) {
      expect(TIER_FEATURES[tier]).toContainEqual({ text: 'History of lessons' });
    }
    expect(
      Object.values(TIER_FEATURES)
        .flat()
        .filter((feature) => feature.comingSoon),
    ).toEqual([]);
  });
});
