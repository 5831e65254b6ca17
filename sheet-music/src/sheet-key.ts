import type { ClickPlacement, Notation, Voice } from '@stickwork/domain';
import { LEGEND_ORDER, STAFF_PLACEMENTS } from './drum-kit-staff.js';
import { hiHatClosingSteps } from './engrave-bar.js';
import { repeatSignBars } from './sheet-layout.js';
import { stickingLegend } from './sticking-letters.js';

/** The key printed under the music, on the PDF and on the lesson card alike. */
export interface SheetKey {
  /** One line per voice used, top of the staff down, e.g. 'Snare (3rd space)'. */
  voices: string[];
  /** One line per mark used (accent, ghost, flam, …) and the sticking letters. */
  markings: string[];
}

const CLICK_PLACEMENTS: Record<ClickPlacement, string> = {
  beat: 'on every beat',
  offbeat: 'on the offbeats (the "&")',
  backbeat: 'on beats 2 and 4 only',
  bar_downbeat: 'on beat 1 of each bar only',
};

/** Where the exercise's own metronome click falls and the bars it leaves silent, if it has a click part. */
export function clickText(notation: Notation): string | undefined {
  const click = notation.click;
  if (!click) return undefined;
  const muted = [...click.mutedBars].sort((a, b) => a - b).map((bar) => bar + 1);
  const silence =
    muted.length === 0
      ? ''
      : `; silent in bar${muted.length === 1 ? '' : 's'} ${muted.join(', ')} (marked "click silent"): keep the time yourself`;
  return `Metronome click ${CLICK_PLACEMENTS[click.placement]}${silence}.`;
}

/** Key entries for the marks this notation actually uses. */
export function markingsLegend(notation: Notation): string[] {
  const notes = notation.notes;
  const entries: string[] = [];
  if (notes.some((note) => note.accent)) entries.push('> above or below a note: accent');
  if (notes.some((note) => note.ghost)) entries.push('( ) around a note: ghost note, very soft');
  if (notes.some((note) => note.ornament === 'flam')) entries.push('One small note before: flam');
  if (notes.some((note) => note.ornament === 'drag')) entries.push('Two small notes before: drag');
  if (notes.some((note) => note.ornament === 'buzz')) entries.push('z on the stem: buzz stroke');
  if (notes.some((note) => note.voice === 'hi_hat_open')) entries.push('o above a hi-hat note: open hi-hat');
  if (hiHatClosingSteps(notation).size > 0)
    entries.push('+ above a hi-hat note: closed again after an open hi-hat');
  if (repeatSignBars(notation).length > 0)
    entries.push('Slash between two dots filling a bar: play the bar before again');
  entries.push(...stickingLegend(notation));
  return entries;
}

/** The voices a notation plays, in legend order. */
export const voicesUsed = (notation: Notation): Voice[] => {
  const used = new Set(notation.notes.map((note) => note.voice));
  return LEGEND_ORDER.filter((voice) => used.has(voice));
};

/** The key of a notation: its voices' places on the staff and the marks it uses. */
export const sheetKey = (notation: Notation): SheetKey => ({
  // One line per place on the staff: the open hi-hat is the hi-hat's, told apart by its mark.
  voices: [...new Set(voicesUsed(notation).map((voice) => STAFF_PLACEMENTS[voice].legend))],
  markings: markingsLegend(notation),
});

/** What a key's line explains: a voice's name ("Snare (3rd space)") or a mark's meaning ("o …: open hi-hat"). */
const explained = (line: string, kind: 'voice' | 'mark'): string =>
  (kind === 'voice' ? line.split(' (')[0] : line.slice(line.lastIndexOf(': ') + 2))?.trim().toLowerCase() ??
  '';

/** The things a key explains more than once (a voice and a mark saying the same), empty when each is said once. */
export function explainedTwice(key: SheetKey): string[] {
  const things = [
    ...key.voices.map((line) => explained(line, 'voice')),
    ...key.markings.map((line) => explained(line, 'mark')),
  ];
  return [...new Set(things.filter((thing, index) => things.indexOf(thing) !== index))];
}
