import { describe, expect, it } from 'vitest';
import { practiceEventSchemaVersions, type RecordedEvent, type TimingScored } from '@stickwork/domain';
import { takeFigures } from '@stickwork/domain/testing';
import { foldProjection } from './fold.js';
import { timingPositionsProjection } from './timing-positions-projection.js';

const AT = '2026-03-01T08:00:00.000Z';

/** A take of 32 notes whose bass drum on the '&' was played 20 ms late, as a take of `expected` notes. */
const take = (changes: Partial<TimingScored['data']> = {}): TimingScored => ({
  type: 'TimingScored',
  data: {
    ...takeFigures({
      meanOffsetMs: 20,
      spreadMs: 4,
      accuracy: 90,
      byPosition: [{ voice: 'bass_drum', position: '&', strokes: 32, meanOffsetMs: 20, spreadMs: 4 }],
    }),
    playId: 'play-1',
    focus: 'timing',
    scoredAt: AT,
    day: AT.slice(0, 10),
    ...changes,
  },
});

const log = (...events: TimingScored[]): RecordedEvent[] =>
  events.map((event, position) => ({
    id: `e${position}`,
    streamId: 'practice-ann',
    type: event.type,
    data: event.data,
    metadata: { schemaVersion: practiceEventSchemaVersions[event.type], time: AT },
    revision: position,
    position,
  }));

const strokesOf = (events: RecordedEvent[]) =>
  Object.values(foldProjection(timingPositionsProjection, events).get('ann')?.days ?? {}).flatMap((tallies) =>
    Object.values(tallies).map((tally) => tally.strokes),
  );

describe('the timing_positions read model (what weak spots read)', () => {
  it('tallies a calibrated take, and one stored before takes said whether they were', () => {
    expect(strokesOf(log(take({ calibrated: true })))).toEqual([32]);
    expect(strokesOf(log(take()))).toEqual([32]);
  });

  it("leaves out an uncalibrated take (the setup's delay is no weak spot) and a short one", () => {
    expect(strokesOf(log(take({ calibrated: false })))).toEqual([]);
    expect(
      strokesOf(
        log(
          take({
            expected: 8,
            hits: 8,
            byPosition: [{ voice: 'bass_drum', position: '&', strokes: 8, meanOffsetMs: 20, spreadMs: 4 }],
          }),
        ),
      ),
    ).toEqual([]);
    expect(strokesOf(log(take({ calibrated: false }), take({ calibrated: true })))).toEqual([32]);
  });
});
