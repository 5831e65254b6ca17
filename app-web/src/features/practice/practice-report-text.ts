import {
  canLevelUp,
  isSkill,
  LEVEL_UP_THRESHOLD,
  MAX_LEVEL_INDEX,
  levelIndex,
  SKILL_DISPLAY_NAMES,
} from '@stickwork/domain';
import type { SkillProgressEntry } from './practice-api';

/**
 * The practice report's time: the seconds of every lesson summed first, then rounded once. Under a
 * minute it says the seconds ("45 s") rather than round a short session up to a minute or down to 0.
 */
export const practiceTimeText = (seconds: number): string => {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
};

export interface NextPracticeStep {
  text: string;
  link?: { to: string; label: string };
}

/**
 * What the report suggests next: a skill ready to level up (the level-up gauge on Change Skills);
 * otherwise the chosen skill closest to level-up, practised ones first; otherwise come back tomorrow.
 */
export const nextPracticeStep = (
  progress: readonly SkillProgressEntry[],
  practisedSkills: readonly string[],
): NextPracticeStep => {
  const practisedFirst = (entries: SkillProgressEntry[]) =>
    [...entries].sort(
      (a, b) =>
        Number(practisedSkills.includes(b.skillName)) - Number(practisedSkills.includes(a.skillName)) ||
        b.levelProgress - a.levelProgress,
    );
  const chosen = progress.filter((entry) => entry.selected && isSkill(entry.skillName));
  const ready = practisedFirst(
    chosen.filter((entry) =>
      canLevelUp(entry.skillName, { level: entry.skillLevel, progress: entry.levelProgress }),
    ),
  )[0];
  if (ready) {
    return {
      text: `${SKILL_DISPLAY_NAMES[ready.skillName]} is ready to level up.`,
      link: { to: '/update-skills', label: 'Level up now' },
    };
  }
  const climbing = chosen
    .filter(
      (entry) => entry.skillName !== 'beginner_course' && levelIndex(entry.skillLevel) < MAX_LEVEL_INDEX,
    )
    .sort((a, b) => b.levelProgress - a.levelProgress)[0];
  if (climbing) {
    const name = SKILL_DISPLAY_NAMES[climbing.skillName];
    return {
      text: `Next time, pick ${name}: at ${climbing.levelProgress}% it is the closest to its next level (level-up opens at ${LEVEL_UP_THRESHOLD}%).`,
    };
  }
  return { text: 'Come back tomorrow to keep your streak going.' };
};
