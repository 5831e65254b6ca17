import { levelIndex, type Level, type LevelIndex } from './levels.js';
import type { Skill } from './skills.js';

/**
 * Hand-speed ladder of product-spec §3: tempos (bpm) of steady 16th-note single strokes.
 * Seven levels sit on six tempos, so the tempos are the boundaries between levels: starter works up to
 * the first rung (70), each following level works from one rung to the next, absolute_pro plays 230
 * and beyond.
 */
export const HAND_SPEED_LADDER_BPM = [70, 110, 150, 180, 200, 230] as const;

const [bpm70, bpm110, bpm150, bpm180, bpm200, bpm230] = HAND_SPEED_LADDER_BPM;

/**
 * Short level descriptions per skill; entry i describes level index i + 1 (starter first). The beginner
 * course has a single level. The number of entries is the top of that skill's level slider (product-spec §5).
 */
export const SKILL_LEVEL_DESCRIPTIONS: Record<Skill, readonly string[]> = {
  beginner_course: [
    'New to the drums: how to sit, hold the sticks, read simple notes and play your first beats and fills.',
  ],
  hand_technique: [
    'You hold the sticks and play even single strokes at a slow tempo.',
    'You play single and double strokes evenly with a relaxed grip and wrist motion.',
    'You control accents and taps and play paradiddles and flams cleanly.',
    'You combine wrist and finger motion and use the Moeller whip for accents.',
    'You play rudiments such as drags, ruffs and swiss triplets evenly at medium tempos.',
    'You play hybrid rudiments with full dynamic control at fast tempos.',
    'Your strokes are effortless and even at every tempo and volume; you invent your own stickings.',
  ],
  hand_speed: [
    `You work up to 16th-note singles at ${bpm70} bpm.`,
    `You play 16th-note singles at ${bpm70} to ${bpm110} bpm.`,
    `You play 16th-note singles at ${bpm110} to ${bpm150} bpm.`,
    `You play 16th-note singles at ${bpm150} to ${bpm180} bpm.`,
    `You play 16th-note singles at ${bpm180} to ${bpm200} bpm.`,
    `You play 16th-note singles at ${bpm200} to ${bpm230} bpm.`,
    `You play 16th-note singles at ${bpm230} bpm and beyond.`,
  ],
  independence: [
    'You keep hands and feet together on the beat in a basic rock groove.',
    'You play 8th-note hi-hat over varied bass drum patterns.',
    'You keep a steady ostinato while the bass drum plays 16th-note figures.',
    'You add ghost notes on the snare while hi-hat and bass drum keep going.',
    'You play linear patterns and move the ostinato between hi-hat, ride and foot.',
    'You play four-way coordination with independent patterns in every limb.',
    'You play polyrhythms and odd groupings across all four limbs with ease.',
  ],
  groove_feel_sound: [
    'You play a simple beat with an even volume on every drum.',
    'You balance hi-hat, snare and bass drum so that no voice drowns the others.',
    'You shape a groove with accents and an open hi-hat.',
    'You play ghost notes softly and backbeats with a full, consistent sound.',
    'You play behind, on and ahead of the beat on purpose.',
    'You adapt your touch and sound to rock, funk, jazz and Latin styles.',
    'Your groove feels right in any style and tempo, and your sound serves the song.',
  ],
  timing: [
    'You play quarter notes along with a metronome at a slow tempo.',
    'You keep 8th and 16th notes steady with the click on every beat.',
    'You keep time with the click only on beats 2 and 4.',
    'You play triplets and switch subdivisions without drifting.',
    'You keep time with a click only once per bar at slow tempos.',
    'You hold steady time through gaps of several bars of silence.',
    'Your time is rock-solid at any tempo, with or without a click.',
  ],
  drum_fills: [
    'You play a one-beat fill on the snare and return to the groove.',
    'You play one-bar 8th-note fills around the toms.',
    'You play 16th-note fills around the kit that land cleanly on the one.',
    'You play fills that mix triplets, 16th notes and the bass drum.',
    'You play linear fills and fills with flams and accents.',
    'You play fills across the bar line and in odd groupings.',
    'You improvise fills freely at any length and tempo, musically placed in the song.',
  ],
  grooves: [
    'You play a basic rock beat with 8th notes on the hi-hat.',
    'You play rock and pop grooves with varied bass drum patterns.',
    'You play 16th-note grooves and half-time feels.',
    'You play shuffles, disco and basic funk grooves.',
    'You play funk grooves with ghost notes, and Latin and jazz basics.',
    'You play advanced styles such as Afro-Cuban, Brazilian and odd time signatures.',
    'You play any groove in any style and make it your own.',
  ],
};

/** The highest level index a customer may choose for a skill (beginner_course: 1, others: 7). */
export const maxLevelIndexFor = (skill: Skill): LevelIndex =>
  SKILL_LEVEL_DESCRIPTIONS[skill].length as LevelIndex;

/** The description of one level of one skill; undefined for 'level not set' or beyond the skill's range. */
export const levelDescription = (skill: Skill, level: Level | LevelIndex): string | undefined => {
  const index = typeof level === 'number' ? level : levelIndex(level);
  return index < 1 ? undefined : SKILL_LEVEL_DESCRIPTIONS[skill][index - 1];
};
