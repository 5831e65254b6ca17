import { LEVELS, type Level } from '@stickwork/domain';

/** How a level reads on screen ('advanced_beginner' → 'Advanced Beginner'). */
export const LEVEL_DISPLAY_NAMES: Record<Level, string> = {
  'level not set': 'Not set',
  starter: 'Starter',
  beginner: 'Beginner',
  advanced_beginner: 'Advanced Beginner',
  medium_advanced: 'Medium Advanced',
  advanced: 'Advanced',
  pro: 'Pro',
  absolute_pro: 'Absolute Pro',
};

export const levelNameAt = (index: number): string => LEVEL_DISPLAY_NAMES[LEVELS[index] ?? 'level not set'];
