import type { Notation, TakeScore, Voice } from '@stickwork/domain';
import type { LaneHit, LaneNote } from './lane-view';
import type { Take } from './take';

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
  for (let index = take.notes.length - 1; index >= 0 && take.notes[index]!.pass >= pass; index--) {
    const note = take.notes[index]!;
    if (note.pass === pass) notes.push({ at: note.step / stepsPerPass, lane: laneOf(note.due.voice) });
  }
  const hits: LaneHit[] = [];
  const judged = score?.hits ?? [];
  for (let index = judged.length - 1; index >= 0; index--) {
    const hit = judged[index]!;
    const note = hit.expectedIndex === null ? undefined : take.notes[hit.expectedIndex];
    if (note && note.pass < pass - 1) break;
    if (!note || note.pass !== pass || hit.offsetMs === null) continue;
    const stepSeconds = 60 / note.due.bpm / notation.subdivision;
    const at = (note.step + hit.offsetMs / 1000 / stepSeconds) / stepsPerPass;
    hits.push({ at, lane: laneOf(note.due.voice), timing: hit.ornament ? 'ornament' : hit.timing });
  }
  return { lanes, notes, hits, now: latest ? latest.step / stepsPerPass : null };
}
