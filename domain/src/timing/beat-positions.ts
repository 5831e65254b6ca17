import type { Voice } from '../catalogue/exercise.js';

/**
 * Where in the beat a note falls, as drummers count it: `1 e & a` for sixteenths, `1 trip let` for
 * triplets. Steps of other grids (sextuplets, thirty-seconds) count as the nearest of these.
 */
export const BEAT_POSITIONS = ['1', 'e', '&', 'a', 'trip', 'let'] as const;
export type BeatPosition = (typeof BEAT_POSITIONS)[number];

/** A take's figures for one voice at one position in the beat, from its judged strokes. */
export interface PositionFigures {
  voice: Voice;
  position: BeatPosition;
  /** Strokes that played notes of this voice at this position. */
  strokes: number;
  /** Their mean offset, ms (negative: early). */
  meanOffsetMs: number;
  /** The standard deviation of their offsets, ms. */
  spreadMs: number;
}

/**
 * The position in the beat of a grid step, on a grid of `subdivision` steps a beat: triplet grids
 * (3, 6) count `1 trip let`, the others `1 e & a` (eighths only `1 &`).
 */
export const beatPositionOf = (step: number, subdivision: number): BeatPosition => {
  const within = (((step % subdivision) + subdivision) % subdivision) / subdivision;
  if (subdivision % 3 === 0) return (['1', 'trip', 'let'] as const)[Math.round(within * 3) % 3]!;
  return (['1', 'e', '&', 'a'] as const)[Math.round(within * 4) % 4]!;
};

/** A note of a take as the coach planned it: its drum, its grid step and its moment. */
export interface TakeNote {
  voice: Voice;
  step: number;
  timeMs: number;
}

/** Running sums of offsets: what figures of several takes combine from. */
interface OffsetSums {
  strokes: number;
  sum: number;
  sumOfSquares: number;
}

const figuresOf = ({ strokes, sum, sumOfSquares }: OffsetSums) => {
  const mean = sum / strokes;
  const spread = Math.sqrt(Math.max(0, sumOfSquares / strokes - mean * mean));
  return { strokes, meanOffsetMs: Math.round(mean * 10) / 10, spreadMs: Math.round(spread * 10) / 10 };
};

/**
 * A take's figures per voice and position in the beat, from its judged strokes: every note a stroke
 * played counts once with that stroke's offset (so the strokes add up to the take's hits). `oneLane`:
 * the judge heard one lane (a microphone), where a stroke plays every note written at its moment.
 * Extra strokes and ornaments have no note and count nowhere. Sorted by voice, then position.
 */
export const positionFiguresOf = (
  notes: readonly TakeNote[],
  judged: readonly { expectedIndex: number | null; offsetMs: number | null; ornament?: true }[],
  subdivision: number,
  { oneLane }: { oneLane: boolean },
): PositionFigures[] => {
  const offsets = new Map<number, number>();
  for (const hit of judged) {
    if (hit.expectedIndex === null || hit.offsetMs === null || hit.ornament) continue;
    const note = notes[hit.expectedIndex];
    if (!note) continue;
    offsets.set(hit.expectedIndex, hit.offsetMs);
    if (!oneLane) continue;
    // The notes written at the same moment, on either side of the one named.
    for (const step of [-1, 1])
      for (let i = hit.expectedIndex + step; notes[i]?.timeMs === note.timeMs; i += step)
        offsets.set(i, hit.offsetMs);
  }
  const sums = new Map<string, OffsetSums & { voice: Voice; position: BeatPosition }>();
  for (const [index, offset] of offsets) {
    const note = notes[index]!;
    const position = beatPositionOf(note.step, subdivision);
    const key = `${note.voice} ${position}`;
    const entry = sums.get(key) ?? { voice: note.voice, position, strokes: 0, sum: 0, sumOfSquares: 0 };
    entry.strokes += 1;
    entry.sum += offset;
    entry.sumOfSquares += offset * offset;
    sums.set(key, entry);
  }
  return [...sums.values()]
    .sort(
      (a, b) =>
        a.voice.localeCompare(b.voice) ||
        BEAT_POSITIONS.indexOf(a.position) - BEAT_POSITIONS.indexOf(b.position),
    )
    .map(({ voice, position, ...figures }) => ({ voice, position, ...figuresOf(figures) }));
};
