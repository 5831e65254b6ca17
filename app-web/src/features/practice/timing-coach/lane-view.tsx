import type { HitTiming } from '@stickwork/domain';
import { TIMING_LABELS } from './timing-words';

/** A note of the pattern's current pass: where it sits in the pass (0-1) and on which lane. */
export interface LaneNote {
  at: number;
  lane: number;
}

export interface LaneHit {
  /** Where the hit landed in the pass (0-1): its note's place moved by its offset. */
  at: number;
  lane: number;
  /** null: an extra stroke; 'ornament': a grace stroke or buzz rebound of its note, or (heard by a
   * microphone) another drum struck apart at its moment. */
  timing: HitTiming | 'ornament' | null;
}

interface LaneViewProps {
  lanes: string[];
  notes: LaneNote[];
  hits: LaneHit[];
  /** Where the pattern is now in its pass (0-1), or null when stopped. */
  now: number | null;
}

const MARKS: Record<HitTiming | 'ornament' | 'extra', string> = {
  early: '◀',
  on: '●',
  late: '▶',
  ornament: '·',
  extra: '×',
};
const place = (at: number) => ({ left: `${Math.min(100, Math.max(0, at * 100))}%` });

/**
 * Expected versus played, one lane per drum: rings are the notes of the pattern's current pass, marks the
 * drummer's hits, shaped and coloured by timing (◀ early, ● on time, ▶ late, · a flam's or drag's grace
 * stroke, a buzz's rebound or another drum of its moment, × extra, on its drum's lane when the pattern
 * plays that drum). Positioned in percent, so it fits any card width.
 */
export const LaneView = ({ lanes, notes, hits, now }: LaneViewProps) => {
  const count = (timing: HitTiming | null) => hits.filter((hit) => hit.timing === timing).length;
  return (
    <figure className="lane-view">
      <div
        className="lane-view__lanes"
        role="img"
        aria-label={`Your hits in this pass: ${count('on')} on time, ${count('early')} early, ${count('late')} late, ${count(null)} extra`}
      >
        {lanes.map((lane, index) => (
          <div key={lane} className="lane-view__lane">
            <span className="lane-view__name">{lane}</span>
            <div className="lane-view__track">
              {notes
                .filter((note) => note.lane === index)
                .map((note, noteIndex) => (
                  <span key={`n${noteIndex}`} className="lane-view__note" style={place(note.at)} />
                ))}
              {hits
                .filter((hit) => hit.lane === index)
                .map((hit, hitIndex) => (
                  <span
                    key={`h${hitIndex}`}
                    className="lane-view__hit"
                    data-timing={hit.timing ?? 'extra'}
                    style={place(hit.at)}
                  >
                    {MARKS[hit.timing ?? 'extra']}
                  </span>
                ))}
              {now === null ? null : <span className="lane-view__now" style={place(now)} />}
            </div>
          </div>
        ))}
      </div>
      <figcaption className="lane-view__key">
        <span data-timing="early">◀ {TIMING_LABELS.early}</span>
        <span data-timing="on">● {TIMING_LABELS.on}</span>
        <span data-timing="late">▶ {TIMING_LABELS.late}</span>
        <span data-timing="ornament">· grace stroke, rebound or other drum</span>
        <span data-timing="extra">× extra</span>
      </figcaption>
    </figure>
  );
};
