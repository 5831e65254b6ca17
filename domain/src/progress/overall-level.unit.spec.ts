import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS, type Level } from '../rules/levels.js';
import { CHART_SKILLS } from '../rules/skills.js';
import { overallLevelTitle } from './overall-level.js';

const allAt = (level: Level) => Object.fromEntries(CHART_SKILLS.map((skill) => [skill, level]));

describe('overall level title', () => {
  it('names each level when every skill sits on it', () => {
    expect(LEVELS.slice(1).map((level) => overallLevelTitle(allAt(level)))).toEqual([
      'Starter',
      'Beginner',
      'Novice',
      'Intermediate',
      'Advanced',
      'Professional',
      'Grandmaster',
    ]);
  });

  it('treats each bound as inclusive and the next value up as the next title', () => {
    // means 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85
    expect(overallLevelTitle({ timing: 'starter', grooves: 'starter' })).toBe('Starter');
    expect(overallLevelTitle({ timing: 'starter', grooves: 'beginner' })).toBe('Beginner');
    expect(overallLevelTitle({ timing: 'beginner', grooves: 'beginner', drum_fills: 'beginner' })).toBe(
      'Beginner',
    );
    expect(overallLevelTitle({ timing: 'beginner', grooves: 'advanced_beginner' })).toBe('Novice');
    expect(overallLevelTitle({ timing: 'advanced_beginner', grooves: 'advanced_beginner' })).toBe('Novice');
    expect(overallLevelTitle({ timing: 'advanced_beginner', grooves: 'medium_advanced' })).toBe(
      'Intermediate',
    );
    expect(overallLevelTitle({ timing: 'medium_advanced' })).toBe('Intermediate');
    expect(overallLevelTitle({ timing: 'medium_advanced', grooves: 'advanced' })).toBe('Advanced');
    expect(overallLevelTitle({ timing: 'advanced' })).toBe('Advanced');
    expect(overallLevelTitle({ timing: 'advanced', grooves: 'pro' })).toBe('Professional');
    expect(overallLevelTitle({ timing: 'pro' })).toBe('Professional');
    expect(overallLevelTitle({ timing: 'pro', grooves: 'absolute_pro' })).toBe('Grandmaster');
  });

  it('averages only chosen chart skills', () => {
    expect(overallLevelTitle({})).toBe('Starter');
    expect(overallLevelTitle({ timing: 'pro', grooves: 'level not set', beginner_course: 'starter' })).toBe(
      'Professional',
    );
  });

  it('agrees with the decimal mean wherever the mean is not on a bound', () => {
    const bounds: [number, string][] = [
      [0.2, 'Starter'],
      [0.3, 'Beginner'],
      [0.4, 'Novice'],
      [0.5, 'Intermediate'],
      [0.7, 'Advanced'],
      [0.8, 'Professional'],
      [1, 'Grandmaster'],
    ];
    const values: Record<string, number> = {
      starter: 0.2,
      beginner: 0.3,
      advanced_beginner: 0.4,
      medium_advanced: 0.5,
      advanced: 0.7,
      pro: 0.8,
      absolute_pro: 0.9,
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LEVELS.slice(1)), { minLength: 1, maxLength: 7 }), (levels) => {
        const mean = levels.reduce((sum, level) => sum + (values[level] ?? 0), 0) / levels.length;
        fc.pre(bounds.every(([bound]) => Math.abs(mean - bound) > 1e-9));
        const expected = bounds.find(([bound]) => mean <= bound)?.[1];
        const chosen = Object.fromEntries(levels.map((level, i) => [CHART_SKILLS[i], level]));
        expect(overallLevelTitle(chosen)).toBe(expected);
      }),
    );
  });
});
