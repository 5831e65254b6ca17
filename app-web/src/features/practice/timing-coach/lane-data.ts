import type { JudgedHit, Notation, TakeScore, Voice } from '@stickwork/domain';
import type { LaneHit, LaneNote } from './lane-view';
import type { ScheduledNote, Take } from './take';

export const VOICE_NAMES: Record<Voice, string> = {
  hi_hat: 'Hi-hat',
  hi_hat_open: 'Open hi-hat',
  hi_hat_foot: 'Hi-hat foot',
  ride: 'Ride',
  ride_bell: 'Ride bell',
  crash: 'Crash',
  china: 'China',
  cowbell: 'Cowbell',
  snare: 'Snare',
  rim_click: 'Cross-stick',
  high_tom: 'High tom',
  mid_tom: 'Mid tom',
  floor_tom: 'Floor tom',
  bass_drum: 'Bass drum',
  pad: 'Pad',
};

/**
 * What the lane view draws of a take: one lane per voice of the notation (one lane in all for a microphone,
 * which hears no voices), the notes of the latest pass through the pattern and the hits judged against them.
 */
export function laneData(
  notation: Notation,
  take: Take,
  score: TakeScore | null,
  voiced: boolean,
  now: number,
) {
  const voices = [...new Set(notation.notes.map((note) => note.voice))];
  const lanes = voiced ? voices.map((voice) => VOICE_NAMES[voice]) : ['Your hits'];
  const laneOf = (voice: Voice) => (voiced ? Math.max(0, voices.indexOf(voice)) : 0);
  const stepsPerPass = notation.bars * notation.timeSignature.beats * notation.subdivision;
  // Only the latest pass is drawn: walk back from the end, so a long take costs no more than a short one.
  let latestIndex = take.notes.length - 1;
  while (latestIndex >= 0 && take.notes[latestIndex]!.time > now) latestIndex--;
  const latest = take.notes[latestIndex];
  const pass = latest?.pass ?? 0;
  const notes: LaneNote[] = [];
  const passNotes: ScheduledNote[] = [];
  for (let index = take.notes.length - 1; index >= 0 && take.notes[index]!.pass >= pass; index--) {
    const note = take.notes[index]!;
    if (note.pass !== pass) continue;
    notes.push({ at: note.step / stepsPerPass, lane: laneOf(note.due.voice) });
    passNotes.push(note);
  }
  /** Where a stroke at `timeMs` lands in the pass (0-1), measured from `note`. */
  const placeFrom = (note: ScheduledNote, timeMs: number): number =>
    (note.step + (timeMs - note.due.timeMs) / (60_000 / note.due.bpm / notation.subdivision)) / stepsPerPass;
  const hits: LaneHit[] = [];
  const judged = score?.hits ?? [];
  for (let index = judged.length - 1; index >= 0; index--) {
    const hit = judged[index]!;
    const note = hit.expectedIndex === null ? undefined : take.notes[hit.expectedIndex];
    if (note && note.pass < pass - 1) break;
    if (!note) {
      // An extra stroke: placed from the pass's note nearest it, on its drum's lane (a drum the
      // pattern does not play has none: the summary counts it).
      const extra = extraOnLane(hit, passNotes, voiced ? voices : null);
      if (!extra) continue;
      const at = placeFrom(extra.nearest, hit.timeMs);
      if (at >= 0 && at < 1) hits.push({ at, lane: extra.lane, timing: null });
      continue;
    }
    if (note.pass !== pass || hit.offsetMs === null) continue;
    hits.push({
      at: placeFrom(note, note.due.timeMs + hit.offsetMs),
      lane: laneOf(note.due.voice),
      timing: hit.ornament ? 'ornament' : hit.timing,
    });
  }
  return { lanes, notes, hits, now: latest ? latest.step / stepsPerPass : null };
}

/** The lane of an extra stroke (`voices`: the lanes' drums, null for one lane) and the pass's note nearest it. */
const extraOnLane = (
  hit: JudgedHit,
  passNotes: readonly ScheduledNote[],
  voices: readonly Voice[] | null,
): { lane: number; nearest: ScheduledNote } | null => {
  const lane = voices === null ? 0 : hit.voice ? voices.indexOf(hit.voice) : -1;
  let nearest: ScheduledNote | undefined;
  for (const note of passNotes)
    if (!nearest || Math.abs(note.due.timeMs - hit.timeMs) < Math.abs(nearest.due.timeMs - hit.timeMs))
      nearest = note;
  return lane < 0 || !nearest ? null : { lane, nearest };
};
