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
  const sounded = take.notes.filter((note) => note.time <= now);
  const pass = sounded[sounded.length - 1]?.pass ?? 0;
  const notes: LaneNote[] = take.notes
    .filter((note) => note.pass === pass)
    .map((note) => ({ at: (note.step ?? 0) / stepsPerPass, lane: laneOf(note.voice) }));
  const hits: LaneHit[] = (score?.hits ?? []).flatMap((hit) => {
    const note = hit.expectedIndex === null ? undefined : take.notes[hit.expectedIndex];
    if (!note || note.pass !== pass || hit.offsetMs === null) return [];
    const stepSeconds = 60 / note.bpm / notation.subdivision;
    const at = ((note.step ?? 0) + hit.offsetMs / 1000 / stepSeconds) / stepsPerPass;
    return [{ at, lane: laneOf(note.voice), timing: hit.timing }];
  });
  const latest = sounded[sounded.length - 1];
  return { lanes, notes, hits, now: latest ? (latest.step ?? 0) / stepsPerPass : null };
}
