import type { Notation, NoteEvent } from '@stickwork/domain';

/**
 * The one letter written under a grid step: the hand that plays (B when both hands play, together or as
 * written), or F when only a foot plays there; nothing when the notation gives no sticking.
 */
export function stickingAt(events: readonly NoteEvent[]): string | undefined {
  const hands = new Set(
    events.map((event) => event.sticking).filter((sticking) => sticking !== undefined && sticking !== 'F'),
  );
  if (hands.has('B') || (hands.has('R') && hands.has('L'))) return 'B';
  const [hand] = hands;
  if (hand) return hand;
  return events.some((event) => event.sticking === 'F') ? 'F' : undefined;
}

/** Every letter the sheet writes under the staff, for the key. */
export function stickingLettersUsed(notation: Notation): Set<string> {
  const byStep = new Map<number, NoteEvent[]>();
  for (const note of notation.notes) byStep.set(note.step, [...(byStep.get(note.step) ?? []), note]);
  const letters = new Set<string>();
  for (const events of byStep.values()) {
    const letter = stickingAt(events);
    if (letter) letters.add(letter);
  }
  return letters;
}
