import type { LevelIndex } from '../rules/levels.js';
import type { Notation } from './exercise.js';

export type RudimentFamily = 'roll' | 'diddle' | 'flam' | 'drag';

/**
 * One of the 40 PAS International Drum Rudiments, written as its right-lead half on a grid (pattern symbols
 * as in `grid.ts`: x tap, X accent, f/F flam, d/D drag, z buzz). `alternates` means the next group starts
 * with the other hand (the left-lead half is the mirror image).
 */
export interface Rudiment {
  pas: number;
  name: string;
  family: RudimentFamily;
  beats: number;
  beatUnit: 4 | 8;
  subdivision: Notation['subdivision'];
  pattern: string;
  sticking: string;
  alternates: boolean;
  /** First level at which the rudiment is taught. */
  minLevel: LevelIndex;
}

const r = (
  pas: number,
  name: string,
  family: RudimentFamily,
  meter: `${number}/${4 | 8}:${Notation['subdivision']}`,
  pattern: string,
  sticking: string,
  alternates: boolean,
  minLevel: LevelIndex,
): Rudiment => {
  const [signature = '4/4', subdivision = '4'] = meter.split(':');
  const [beats = '4', beatUnit = '4'] = signature.split('/');
  return {
    pas,
    name,
    family,
    beats: Number(beats),
    beatUnit: Number(beatUnit) as 4 | 8,
    subdivision: Number(subdivision) as Notation['subdivision'],
    pattern,
    sticking,
    alternates,
    minLevel,
  };
};

export const RUDIMENTS: readonly Rudiment[] = [
  // Roll rudiments: single stroke
  r(1, 'Single Stroke Roll', 'roll', '4/4:4', 'xxxx xxxx', 'RL', false, 1),
  r(2, 'Single Stroke Four', 'roll', '4/4:6', 'xxxX--', 'RLRL', true, 2),
  r(3, 'Single Stroke Seven', 'roll', '4/4:6', 'xxxxxx X-----', 'RLRLRLR', true, 2),
  // Roll rudiments: multiple bounce
  r(4, 'Multiple Bounce Roll', 'roll', '4/4:4', 'zzzz zzzz', 'RL', false, 2),
  r(5, 'Triple Stroke Roll', 'roll', '4/4:6', 'xxxxxx', 'RRRLLL', false, 3),
  // Roll rudiments: double stroke open rolls
  r(6, 'Double Stroke Open Roll', 'roll', '4/4:4', 'xxxx xxxx', 'RRLL', false, 1),
  r(7, 'Five Stroke Roll', 'roll', '4/4:8', 'xxxxX---', 'RRLLR', true, 2),
  r(8, 'Six Stroke Roll', 'roll', '4/4:6', 'XxxxxX', 'RLLRRL', false, 3),
  r(9, 'Seven Stroke Roll', 'roll', '4/4:6', 'xxxxxx X-----', 'RRLLRRL', true, 3),
  r(10, 'Nine Stroke Roll', 'roll', '4/4:8', 'xxxxxxxx X-------', 'RRLLRRLLR', true, 3),
  r(11, 'Ten Stroke Roll', 'roll', '4/4:8', 'xxxxxxxx X---X---', 'RRLLRRLLRL', false, 4),
  r(12, 'Eleven Stroke Roll', 'roll', '3/4:8', '------xx xxxxxxxx X-------', 'RRLLRRLLRRL', true, 4),
  r(13, 'Thirteen Stroke Roll', 'roll', '3/4:8', '----xxxx xxxxxxxx X-------', 'RRLLRRLLRRLLR', true, 4),
  r(14, 'Fifteen Stroke Roll', 'roll', '3/4:8', '--xxxxxx xxxxxxxx X-------', 'RRLLRRLLRRLLRRL', true, 5),
  r(15, 'Seventeen Stroke Roll', 'roll', '3/4:8', 'xxxxxxxx xxxxxxxx X-------', 'RRLLRRLLRRLLRRLLR', true, 5),
  // Diddle rudiments
  r(16, 'Single Paradiddle', 'diddle', '4/4:4', 'Xxxx', 'RLRR', true, 1),
  r(17, 'Double Paradiddle', 'diddle', '4/4:6', 'Xxxxxx', 'RLRLRR', true, 2),
  r(18, 'Triple Paradiddle', 'diddle', '4/4:4', 'Xxxx xxxx', 'RLRLRLRR', true, 3),
  r(19, 'Paradiddle-Diddle', 'diddle', '4/4:6', 'Xxxxxx', 'RLRRLL', false, 2),
  // Flam rudiments
  r(20, 'Flam', 'flam', '4/4:2', 'f-', 'R', true, 1),
  r(21, 'Flam Accent', 'flam', '4/4:3', 'Fxx', 'RLR', true, 2),
  r(22, 'Flam Tap', 'flam', '4/4:4', 'Fx', 'RR', true, 2),
  r(23, 'Flamacue', 'flam', '4/4:4', 'fXxx f---', 'RLRLR', false, 3),
  r(24, 'Flam Paradiddle', 'flam', '4/4:4', 'Fxxx', 'RLRR', true, 3),
  r(25, 'Single Flammed Mill', 'flam', '4/4:4', 'Fxxx', 'RRLR', true, 4),
  r(26, 'Flam Paradiddle-Diddle', 'flam', '4/4:6', 'Fxxxxx', 'RLRRLL', true, 5),
  r(27, 'Pataflafla', 'flam', '4/4:4', 'fxxf', 'RLRL', false, 4),
  r(28, 'Swiss Army Triplet', 'flam', '4/4:3', 'Fxx', 'RRL', false, 3),
  r(29, 'Inverted Flam Tap', 'flam', '4/4:4', 'fxfx', 'RLLR', false, 4),
  r(30, 'Flam Drag', 'flam', '4/4:6', 'F-xxx-', 'RLLR', true, 5),
  // Drag rudiments
  r(31, 'Drag', 'drag', '4/4:2', 'd-', 'R', true, 1),
  r(32, 'Single Drag Tap', 'drag', '4/4:2', 'dX', 'RL', true, 2),
  r(33, 'Double Drag Tap', 'drag', '4/4:3', 'ddX', 'RRL', true, 3),
  r(34, 'Lesson 25', 'drag', '4/4:4', 'dxX-', 'RLR', true, 3),
  r(35, 'Single Dragadiddle', 'drag', '4/4:4', 'Dxxx', 'RLRR', true, 4),
  r(36, 'Drag Paradiddle #1', 'drag', '6/8:2', 'X-dxxx', 'RRLRR', true, 4),
  r(37, 'Drag Paradiddle #2', 'drag', '4/4:4', 'X-d- dxxx', 'RRRLRR', true, 5),
  r(38, 'Single Ratamacue', 'drag', '4/4:6', 'dxxX--', 'RLRL', true, 3),
  r(39, 'Double Ratamacue', 'drag', '4/4:6', 'd--dxx X-----', 'RRLRL', true, 5),
  r(40, 'Triple Ratamacue', 'drag', '4/4:6', 'd--d-- dxxX--', 'RRRLRL', true, 5),
];

/** Teaching notes per rudiment family: what good sounds like. */
export const FAMILY_TIPS: Record<RudimentFamily, string> = {
  roll: 'Keep every stroke of the roll the same height and volume; in the doubles the second note must be as loud as the first, so pull it out with the fingers rather than letting it bounce weakly.',
  diddle:
    'Play the diddles (the two strokes on one hand) with a relaxed wrist-then-finger motion and keep them exactly as loud as the single strokes around them.',
  flam: 'Start each flam with the grace note stick about an inch above the head and the main stick at full height, let both fall together and aim for one fat sound, never two separate hits (no "flat flams").',
  drag: 'Drop the two grace notes of each drag low and close to the head as one small bounce, then place the main note firmly on the grid; the drag should sound like one buzzy note leading into the main stroke.',
};
