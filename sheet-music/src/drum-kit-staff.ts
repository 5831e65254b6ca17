import type { Voice } from '@stickwork/domain';

/** Which stem a voice is written on: hands above (stems up), feet below (stems down). */
export type Limb = 'hands' | 'feet';

/** Where and how a voice sits on the five-line percussion staff. */
export interface StaffPlacement {
  /** VexFlow key on the percussion clef, which reads like the treble clef (e/4 bottom line, f/5 top line). */
  key: string;
  /** Vertical order for chords, low to high; equals the staff step (e/4 = 0, f/4 = 1, …). */
  staffStep: number;
  limb: Limb;
  /** Legend label, e.g. 'Snare (3rd space)'. */
  legend: string;
}

const place = (pitch: string, head: string, limb: Limb, legend: string): StaffPlacement => {
  const [letter = 'b', octave = '4'] = pitch.split('/');
  const staffStep = 'cdefgab'.indexOf(letter) + 7 * Number(octave) - ('cdefgab'.indexOf('e') + 7 * 4);
  return { key: head === '' ? pitch : `${pitch}/${head}`, staffStep, limb, legend };
};

/**
 * The common drum key: cymbals as x heads from the top line up, toms in the upper spaces and lines, snare
 * in the 3rd space, bass drum in the 1st space, hi-hat foot below. The crash sits above its ledger line, a
 * full space over the hi-hat, so the two never read as one at a glance; the rarer china
 * goes on the second ledger line. A practice pad stands in for the snare, so it takes the snare's place.
 */
export const STAFF_PLACEMENTS: Record<Voice, StaffPlacement> = {
  china: place('c/6', 'x2', 'hands', 'China (x on the second ledger line above the staff)'),
  crash: place('b/5', 'x2', 'hands', 'Crash (x above a ledger line, a space higher than the hi-hat)'),
  hi_hat: place('g/5', 'x2', 'hands', 'Hi-hat (x above the top line)'),
  // The open hi-hat is the hi-hat's place and head: the key explains its o once, with the marks.
  hi_hat_open: place('g/5', 'x2', 'hands', 'Hi-hat (x above the top line)'),
  cowbell: place('g/5', 't2', 'hands', 'Cowbell (triangle above the top line)'),
  ride: place('f/5', 'x2', 'hands', 'Ride (x on the top line)'),
  ride_bell: place('f/5', 'd2', 'hands', 'Ride bell (diamond on the top line)'),
  high_tom: place('e/5', '', 'hands', 'High tom (4th space)'),
  mid_tom: place('d/5', '', 'hands', 'Mid tom (4th line)'),
  snare: place('c/5', '', 'hands', 'Snare (3rd space)'),
  rim_click: place('c/5', 'x3', 'hands', 'Cross-stick (circled x in the 3rd space)'),
  pad: place('c/5', '', 'hands', 'Practice pad (3rd space, the snare position)'),
  floor_tom: place('a/4', '', 'hands', 'Floor tom (2nd space)'),
  bass_drum: place('f/4', '', 'feet', 'Bass drum (1st space)'),
  hi_hat_foot: place('d/4', 'x2', 'feet', 'Hi-hat foot (x below the staff)'),
};

/** Legend order: top of the staff down, as a drummer reads a drum key. */
export const LEGEND_ORDER: readonly Voice[] = [
  'china',
  'crash',
  'hi_hat',
  'hi_hat_open',
  'cowbell',
  'ride',
  'ride_bell',
  'high_tom',
  'mid_tom',
  'snare',
  'rim_click',
  'pad',
  'floor_tom',
  'bass_drum',
  'hi_hat_foot',
];
