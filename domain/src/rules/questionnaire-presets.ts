import { levelAt, type Level, type LevelIndex } from './levels.js';
import { QUESTIONNAIRE_QUESTIONS } from './limits.js';
import { SKILLS, type Skill } from './skills.js';

/**
 * Preset level indices by number of yes answers (product-spec §4), one column per skill in SKILLS order:
 * beginner_course, hand_technique, hand_speed, independence, groove_feel_sound, timing, drum_fills, grooves.
 */
export const QUESTIONNAIRE_PRESETS: readonly (readonly LevelIndex[])[] = [
  [1, 1, 0, 1, 0, 0, 1, 0],
  [0, 2, 1, 2, 0, 1, 2, 1],
  [0, 3, 2, 3, 2, 2, 3, 2],
  [0, 4, 4, 4, 4, 4, 4, 4],
  [0, 6, 6, 6, 6, 6, 7, 7],
];

/** Preset levels for every skill after `yesAnswers` yes answers (0 to 4). */
export const presetLevels = (yesAnswers: number): Record<Skill, Level> => {
  const row = QUESTIONNAIRE_PRESETS[yesAnswers];
  if (row === undefined) {
    throw new RangeError(`yes answers ${yesAnswers} is outside 0-${QUESTIONNAIRE_QUESTIONS}`);
  }
  return Object.fromEntries(SKILLS.map((skill, i) => [skill, levelAt(row[i] ?? 0)])) as Record<Skill, Level>;
};
