import { describe, expect, it } from 'vitest';
import { presetLevels, QUESTIONNAIRE_PRESETS } from './questionnaire-presets.js';

describe('questionnaire presets', () => {
  it('follows the table of product-spec §4', () => {
    expect(QUESTIONNAIRE_PRESETS).toEqual([
      [1, 1, 0, 1, 0, 0, 1, 0],
      [0, 2, 1, 2, 0, 1, 2, 1],
      [0, 3, 2, 3, 2, 2, 3, 2],
      [0, 4, 4, 4, 4, 4, 4, 4],
      [0, 6, 6, 6, 6, 6, 7, 7],
    ]);
  });

  it('names the levels per skill in SKILLS order', () => {
    expect(presetLevels(0)).toEqual({
      beginner_course: 'starter',
      hand_technique: 'starter',
      hand_speed: 'level not set',
      independence: 'starter',
      groove_feel_sound: 'level not set',
      timing: 'level not set',
      drum_fills: 'starter',
      grooves: 'level not set',
    });
    expect(presetLevels(4)).toMatchObject({
      beginner_course: 'level not set',
      timing: 'pro',
      drum_fills: 'absolute_pro',
      grooves: 'absolute_pro',
    });
  });

  it('rejects a yes count beyond the four questions', () => {
    expect(() => presetLevels(5)).toThrow(RangeError);
    expect(() => presetLevels(-1)).toThrow(RangeError);
  });
});
