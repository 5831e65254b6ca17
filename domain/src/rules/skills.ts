/** Skill areas of product-spec §1, in the questionnaire and gauge order of §4. */
export const SKILLS = [
  'beginner_course',
  'hand_technique',
  'hand_speed',
  'independence',
  'groove_feel_sound',
  'timing',
  'drum_fills',
  'grooves',
] as const;
export type Skill = (typeof SKILLS)[number];

/**
 * Skills the catalogue has no Drum Pad lessons for (a groove needs a kit): the practice screen says
 * so before a request. The catalogue test holds the catalogue to this list.
 */
export const KIT_ONLY_SKILLS: readonly Skill[] = ['grooves'];

/** The seven skills of the radar chart: every skill but the beginner course. */
export const CHART_SKILLS = SKILLS.filter((s) => s !== 'beginner_course') as Exclude<
  Skill,
  'beginner_course'
>[];

/** warm_up is a lesson type and a label, not a skill one rates. */
export type LessonFocus = Skill | 'warm_up';

export const SKILL_DISPLAY_NAMES: Record<LessonFocus, string> = {
  beginner_course: 'Beginner Course',
  hand_technique: 'Hand Technique',
  hand_speed: 'Hand Speed',
  independence: 'Independence',
  groove_feel_sound: 'Groove Feel and Sound',
  timing: 'Timing',
  drum_fills: 'Drum Fills',
  grooves: 'Grooves',
  warm_up: 'Warm Up',
};

export const isSkill = (value: unknown): value is Skill =>
  typeof value === 'string' && (SKILLS as readonly string[]).includes(value);
