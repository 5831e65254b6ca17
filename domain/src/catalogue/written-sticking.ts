import type { Notation, NoteEvent, Voice } from './exercise.js';

/** The voices played with the feet; every other voice is played with the sticks. */
const FOOT_VOICES: ReadonlySet<Voice> = new Set<Voice>(['bass_drum', 'hi_hat_foot']);

/**
 * Cymbals that keep time under a groove, each with its other sound (open hi-hat, ride bell); a metal
 * groove keeps time on the crash or the china.
 */
const CYMBALS: readonly (readonly Voice[])[] = [
  ['hi_hat', 'hi_hat_open'],
  ['ride', 'ride_bell'],
  ['cowbell'],
  ['crash'],
  ['china'],
];
/** A stroke with none of these is part of a fill or a run. */
const TIMEKEEPERS: ReadonlySet<Voice> = new Set(CYMBALS.flat());

/** Drums a hand line is practised on: a part on one of these alone is a sticking exercise. */
const HAND_LINE_VOICES: ReadonlySet<Voice> = new Set<Voice>(['snare', 'pad']);

export type WrittenLetter = 'R' | 'L' | 'F';

/** Sticking letters written under one grid step, top to bottom: R over L when both hands strike together. */
export interface WrittenSticking {
  step: number;
  letters: WrittenLetter[];
}

const isFoot = (note: NoteEvent) => FOOT_VOICES.has(note.voice);

const handsOf = (note: NoteEvent): ('R' | 'L')[] =>
  note.sticking === 'B' ? ['R', 'L'] : note.sticking === 'R' || note.sticking === 'L' ? [note.sticking] : [];

/**
 * Whether the hands are written as two voices, right hand stems up and left hand stems down: a hands-only
 * part whose hands are two parts (`Notation.handsApart`: a hand ostinato, so "right hand quarters" read as
 * quarters), or in which the hands strike at the same moment (polyrhythms), so one stem per moment could
 * not show what each hand plays. A single stroke with both hands (sticking B) is a unison, not a second part.
 */
export function handsApart(notation: Notation): boolean {
  if (notation.notes.some(isFoot)) return false;
  if (notation.handsApart) return true;
  const handsAt = new Map<number, Set<string>>();
  for (const note of notation.notes) {
    if (note.sticking !== 'R' && note.sticking !== 'L') continue;
    handsAt.set(note.step, (handsAt.get(note.step) ?? new Set<string>()).add(note.sticking));
  }
  return [...handsAt.values()].some((hands) => hands.size === 2);
}

/**
 * The sticking a sheet writes under the staff, where the pattern depends on it:
 * - a hand line (one drum or the pad, the rudiment and hand-technique lines): under every stroke; over the
 *   feet only when both hands share the drum (a snare figure one hand plays over the feet is a kit part);
 * - a kit part: under a timekeeping cymbal played by both hands in a bar (hi-hat 16ths hand to hand), and
 *   under the strokes where no timekeeper plays (a fill, a tom run) when both hands share them in a bar,
 *   with F where a foot plays alone in such a beat. A groove's hi-hat and backbeat carry no letters: the
 *   kit says the sticking.
 * Hands written as two voices carry none: the stems say which hand plays. Both hands at one moment are
 * written R over L, never a letter of their own.
 */
export function writtenSticking(notation: Notation): WrittenSticking[] {
  if (handsApart(notation)) return [];
  const stepsPerBar = notation.timeSignature.beats * notation.subdivision;
  const handVoices = new Set(notation.notes.filter((note) => !isFoot(note)).map((note) => note.voice));
  const handsPlaying = new Set(notation.notes.filter((note) => !isFoot(note)).flatMap(handsOf));
  const handLine =
    handVoices.size === 1 &&
    [...handVoices].every((voice) => HAND_LINE_VOICES.has(voice)) &&
    (handsPlaying.size === 2 || !notation.notes.some(isFoot));
  const written: WrittenSticking[] = [];
  for (let bar = 0; bar < notation.bars; bar++) {
    const notes = notation.notes.filter((note) => Math.floor(note.step / stepsPerBar) === bar);
    const keepsTime = new Set(notes.filter((note) => TIMEKEEPERS.has(note.voice)).map((note) => note.step));
    const handsOn = (lettered: NoteEvent[]) => new Set(lettered.flatMap(handsOf));
    const bothHands = (lettered: NoteEvent[]) => handsOn(lettered).size === 2;
    // A cymbal and its other sound (open hi-hat, ride bell) are one timekeeper in the hands.
    const timekeepers = CYMBALS.filter((voices) =>
      bothHands(notes.filter((note) => voices.includes(note.voice))),
    );
    const free = notes.filter((note) => !isFoot(note) && !keepsTime.has(note.step));
    const fill = bothHands(free);
    const lettered = (note: NoteEvent) =>
      !isFoot(note) &&
      (handLine ||
        timekeepers.some((voices) => voices.includes(note.voice)) ||
        (fill && !keepsTime.has(note.step)));
    const fillBeats = new Set(free.map((note) => Math.floor(note.step / notation.subdivision)));
    const steps = [...new Set(notes.map((note) => note.step))].sort((a, b) => a - b);
    for (const step of steps) {
      const at = notes.filter((note) => note.step === step);
      const hands = handsOn(at.filter(lettered));
      const letters: WrittenLetter[] = (['R', 'L'] as const).filter((hand) => hands.has(hand));
      const footAlone = at.every(isFoot);
      if (footAlone && (handLine || (fill && fillBeats.has(Math.floor(step / notation.subdivision)))))
        letters.push('F');
      if (letters.length > 0) written.push({ step, letters });
    }
  }
  return written;
}
