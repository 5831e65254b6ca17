import type { NoteEvent } from './exercise.js';
import { cleanPattern, line } from './grid.js';

export type Hand = 'R' | 'L';

export const otherHand = (hand: Hand): Hand => (hand === 'R' ? 'L' : 'R');

export const HAND_NAMES: Record<Hand, string> = { R: 'right hand', L: 'left hand' };

/**
 * One hand's part on the practice pad, repeated to fill `totalSteps` (symbols as in `grid.ts`). Both hands
 * share the one pad voice, so where they meet there are two events on the same step, one per hand: a single
 * "both hands" event could not say which hand carries an accent.
 */
export function handOnPad(hand: Hand, pattern: string, totalSteps: number): NoteEvent[] {
  const length = cleanPattern(pattern).length;
  if (totalSteps % length !== 0) {
    throw new Error(`${hand} hand pattern of ${length} steps does not tile ${totalSteps} steps`);
  }
  return line('pad', pattern, { sticking: hand, length: totalSteps });
}

/** The order in which the hands strike, e.g. "both, R, L, R" for 3 against 2 (one beat of a cycle). */
export function handOrder(notes: readonly NoteEvent[], fromStep: number, toStep: number): string {
  const byStep = new Map<number, Set<string>>();
  for (const note of notes) {
    if (note.step < fromStep || note.step >= toStep || !note.sticking) continue;
    const hands = byStep.get(note.step) ?? new Set<string>();
    hands.add(note.sticking);
    byStep.set(note.step, hands);
  }
  return [...byStep.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, hands]) => (hands.size > 1 ? 'both' : [...hands][0]!))
    .join(', ');
}
