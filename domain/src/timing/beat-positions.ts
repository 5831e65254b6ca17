import type { Voice } from '../catalogue/exercise.js';

/**
 * Where in the beat a note falls, as drummers count it: `1 e & a` for sixteenths, `1 trip let` for
 * triplets. Steps of other grids (sextuplets, thirty-seconds) count as the nearest of these.
 */
export const BEAT_POSITIONS = ['1', 'e', '&', 'a', 'trip', 'let'] as const;
export type BeatPosition = (typeof BEAT_POSITIONS)[number];

/** The most beats a bar has (12/8 counts twelve). */
export const MAX_BEATS_PER_BAR = 16;

/** Figures of strokes: how many, their mean offset and its spread. */
interface StrokeFigures {
  /** Strokes that played notes here. */
  strokes: number;
  /** Their mean offset, ms (negative: early). */
  meanOffsetMs: number;
  /** The standard deviation of their offsets, ms. */
  spreadMs: number;
}

/** The part of a voice-position's figures on one beat of the bar (1-based): the "&" of 4. */
export interface BeatFigures extends StrokeFigures {
  beat: number;
}

/** A take's figures for one voice at one position in the beat, from its judged strokes. */
export interface PositionFigures extends StrokeFigures {
  voice: Voice;
  position: BeatPosition;
  /**
   * The same strokes beat by beat of the bar, so a weak spot can be named as drummers count ("the 'a'
   * of 4"); absent from takes recorded before the coach counted beats.
   */
  beats?: BeatFigures[];
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
/** Strokes' offsets summed, so takes and days add up: their count, sum and sum of squares (ms, ms²). */
export interface OffsetSums {
  strokes: number;
  sum: number;
  sumOfSquares: number;
}

/**
 * The mean offset and its spread (standard deviation) of summed strokes, rounded to `decimals` places
 * of a ms: the coach's figures (a tenth), a weak spot's (whole ms), the data export's (a tenth).
 */
export const meanAndSpreadOf = ({ strokes, sum, sumOfSquares }: OffsetSums, decimals: number) => {
  const mean = sum / strokes;
  const spread = Math.sqrt(Math.max(0, sumOfSquares / strokes - mean * mean));
  const unit = 10 ** decimals;
  return { meanOffsetMs: Math.round(mean * unit) / unit, spreadMs: Math.round(spread * unit) / unit };
};

const figuresOf = (sums: OffsetSums) => ({ strokes: sums.strokes, ...meanAndSpreadOf(sums, 1) });

const summed = (sums: OffsetSums | undefined, offset: number): OffsetSums => ({
  strokes: (sums?.strokes ?? 0) + 1,
  sum: (sums?.sum ?? 0) + offset,
  sumOfSquares: (sums?.sumOfSquares ?? 0) + offset * offset,
});

/**
 * A take's figures per voice and position in the beat, from its judged strokes: every note a stroke
 * played counts once with that stroke's offset (so the strokes add up to the take's hits). `oneLane`:
 * the judge heard one lane (a microphone), where a stroke plays every note written at its moment.
 * `beatsPerBar` adds each entry's figures beat by beat of the bar (`beats`, sorted by beat).
 * Extra strokes and ornaments have no note and count nowhere. Sorted by voice, then position.
 */
export const positionFiguresOf = (
  notes: readonly TakeNote[],
  judged: readonly { expectedIndex: number | null; offsetMs: number | null; ornament?: true }[],
  subdivision: number,
  { oneLane, beatsPerBar }: { oneLane: boolean; beatsPerBar?: number },
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
  interface Entry {
    voice: Voice;
    position: BeatPosition;
    sums: OffsetSums;
    beats: Map<number, OffsetSums>;
  }
  const entries = new Map<string, Entry>();
  for (const [index, offset] of offsets) {
    const note = notes[index]!;
    const position = beatPositionOf(note.step, subdivision);
    const key = `${note.voice} ${position}`;
    const entry = entries.get(key);
    const updated: Entry = entry
      ? { ...entry, sums: summed(entry.sums, offset) }
      : { voice: note.voice, position, sums: summed(undefined, offset), beats: new Map() };
    if (beatsPerBar !== undefined) {
      // The note's beat of the bar, 1-based (a step's beat counts from the loop's start, bar after bar).
      const beat = (Math.floor(note.step / subdivision) % beatsPerBar) + 1;
      updated.beats.set(beat, summed(updated.beats.get(beat), offset));
    }
    entries.set(key, updated);
  }
  return [...entries.values()]
    .sort(
      (a, b) =>
        a.voice.localeCompare(b.voice) ||
        BEAT_POSITIONS.indexOf(a.position) - BEAT_POSITIONS.indexOf(b.position),
    )
    .map(({ voice, position, sums, beats }) => ({
      voice,
      position,
      ...figuresOf(sums),
      ...(beatsPerBar === undefined
        ? {}
        : {
            beats: [...beats]
              .sort(([a], [b]) => a - b)
              .map(([beat, beatSums]) => ({ beat, ...figuresOf(beatSums) })),
          }),
    }));
};
