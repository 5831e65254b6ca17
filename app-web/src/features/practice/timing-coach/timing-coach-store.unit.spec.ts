import type { Notation } from '@stickwork/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDrumMap } from './drum-map';
import { unscoredTakeText } from './timing-coach-panel';
import { TimingCoach, type ScoredTake } from './timing-coach';
import { testPosition as position } from './test-position';

/** A fake Web MIDI access with one e-kit whose note-ons the test sends, at performance times in ms. */
function fakeMidi() {
  const listeners: ((event: { data: Uint8Array; timeStamp: number }) => void)[] = [];
  const stateListeners: ((event: { port: { id: string; state: string } }) => void)[] = [];
  const input = {
    id: 'kit-1',
    name: 'Test Kit',
    state: 'connected',
    addEventListener: (_: string, listener: (typeof listeners)[number]) => listeners.push(listener),
    removeEventListener: () => {},
  };
  const access = {
    inputs: new Map([[input.id, input]]),
    addEventListener: (_: string, listener: (typeof stateListeners)[number]) => stateListeners.push(listener),
    removeEventListener: () => {},
  };
  vi.stubGlobal('navigator', { ...navigator, requestMIDIAccess: () => Promise.resolve(access) });
  return {
    strike: (note: number, atMs: number, velocity = 90) =>
      listeners.forEach((listener) =>
        listener({ data: new Uint8Array([0x99, note, velocity]), timeStamp: atMs }),
      ),
    unplug: () =>
      stateListeners.forEach((listener) => listener({ port: { id: 'kit-1', state: 'disconnected' } })),
  };
}

/** The output timestamp maps performance time t ms to audio-clock time t / 1000 s. */
const context = {
  currentTime: 0,
  getOutputTimestamp: () => ({ contextTime: 100, performanceTime: 100_000 }),
};
const clock = { audioContext: () => context as unknown as AudioContext };

const notation: Notation = {
  timeSignature: { beats: 4, beatUnit: 4 },
  subdivision: 2,
  bars: 1,
  notes: [0, 2, 4, 6].map((step) => ({ step, voice: 'snare' as const })),
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the timing coach', () => {
  it('calibrates on 16 clicks, then scores a take 15 ms late as late, with the latency taken off', async () => {
    const kit = fakeMidi();
    const takes: ScoredTake[] = [];
    const coach = new TimingCoach(clock, (scored) => takes.push(scored));
    coach.setNotation(notation);
    await coach.useMidi();
    expect(coach.getSnapshot().input).toMatchObject({ kind: 'midi', device: { name: 'Test Kit' } });

    // Calibration: clicks every 2/3 s from 1 s; the kit's strokes arrive 23 ms after each click.
    coach.calibrationStarted(90);
    const clicks = Array.from({ length: 16 }, (_, index) => 1 + (index * 2) / 3);
    coach.planned(clicks.map((time) => ({ time, position: position(null) })));
    for (const click of clicks) kit.strike(38, click * 1000 + 23);
    expect(coach.calibrationDone(clicks[15]! + 0.5)).toBe(true);
    coach.calibrationEnded();
    expect(coach.getSnapshot().latencyMs).toBe(23);

    // A take: one bar of count-in, then two passes of four quarter notes at 120 bpm.
    coach.takeStarted(20);
    coach.planned([0, 1, 2, 3].map((beat) => ({ time: 20 + beat / 2, position: position(null, true) })));
    const noteTimes = Array.from({ length: 8 }, (_, index) => 22 + index / 2);
    coach.planned(noteTimes.map((time, index) => ({ time, position: position((index % 4) * 2) })));
    for (const time of noteTimes) kit.strike(38, time * 1000 + 23 + 15);
    coach.tick(23.45);
    expect(coach.getSnapshot().live).toMatchObject({ expected: 3, hit: 3 });
    coach.takeEnded(26);

    expect(takes).toHaveLength(1);
    const [{ score, input, bpm }] = takes as [ScoredTake];
    expect(input).toBe('midi');
    expect(bpm).toBe(120);
    expect(score).toMatchObject({ expected: 8, hit: 8, missed: 0, extra: 0, accuracy: 95 });
    expect(score.meanOffsetMs).toBeCloseTo(15, 6);
    expect(score.hits.every((hit) => hit.timing === 'late')).toBe(true);
    expect(coach.getSnapshot().last).toBe(score);
    // Its figures per position: the snare on every beat ("1"), 15 ms late, adding up to the hits, and
    // beat by beat of the bar (two passes: two strokes on each of the four beats).
    expect(takes[0]?.byPosition).toEqual([
      {
        voice: 'snare',
        position: '1',
        strokes: 8,
        meanOffsetMs: 15,
        spreadMs: 0,
        beats: [1, 2, 3, 4].map((beat) => ({ beat, strokes: 2, meanOffsetMs: 15, spreadMs: 0 })),
      },
    ]);
  });

  it('refuses a calibration no setup can show, says why, and keeps the latency measured before', async () => {
    const kit = fakeMidi();
    const coach = new TimingCoach(clock, () => {});
    coach.setNotation(notation);
    await coach.useMidi();
    const calibrateAt = (start: number, lateMs: number) => {
      coach.calibrationStarted(90);
      const clicks = Array.from({ length: 16 }, (_, index) => start + (index * 2) / 3);
      coach.planned(clicks.map((time) => ({ time, position: position(null) })));
      for (const click of clicks) kit.strike(38, click * 1000 + lateMs);
      coach.calibrationEnded();
    };
    calibrateAt(1, 23);
    expect(coach.getSnapshot()).toMatchObject({ latencyMs: 23, calibrationRefused: null });
    // Bluetooth headphones: every stroke 280 ms after its click.
    calibrateAt(20, 280);
    expect(coach.getSnapshot()).toMatchObject({
      latencyMs: 23,
      calibrationRefused: { reason: 'too-late', medianMs: 280 },
    });
    expect(localStorage.getItem('stickwork.latency.midi:Test Kit')).toBe('23');
  });

  it("a take on several drums stopped between two drums' reaches posts figures that add up to its hits", async () => {
    // Hi-hat 16ths and the bass drum on 1 and 3 at 120 bpm: a hi-hat note reaches 62.5 ms, a bass-drum
    // note 125 ms. Stopped 80 ms after the second pass's 1, its hi-hat note is counted, its bass drum not.
    const kit = fakeMidi();
    const takes: ScoredTake[] = [];
    const coach = new TimingCoach(clock, (scored) => takes.push(scored));
    coach.setNotation({
      timeSignature: { beats: 4, beatUnit: 4 },
      subdivision: 4,
      bars: 1,
      notes: [
        { step: 0, voice: 'bass_drum' },
        { step: 8, voice: 'bass_drum' },
        ...Array.from({ length: 16 }, (_, step) => ({ step, voice: 'hi_hat' as const })),
      ],
    });
    await coach.useMidi();
    coach.takeStarted(20);
    // Planned 300 ms ahead of the stop; struck up to the second pass's 1.
    const steps = Array.from({ length: 19 }, (_, index) => ({ time: 22 + index / 8, step: index % 16 }));
    coach.planned(steps.map(({ time, step }) => ({ time, position: position(step) })));
    for (const { time, step } of steps.filter(({ time }) => time <= 24)) {
      if (step % 8 === 0) kit.strike(36, time * 1000);
      kit.strike(42, time * 1000);
    }
    // The coach settles 250 ms behind the clock: this stop judges up to 80 ms after 24 s.
    coach.takeEnded(24.33);

    const [{ score, byPosition, bpm }] = takes as [ScoredTake];
    expect(score).toMatchObject({ expected: 19, hit: 19, missed: 0, extra: 0 });
    expect(bpm).toBe(120);
    // What the server checks before it records the take.
    expect(byPosition.reduce((sum, figures) => sum + figures.strokes, 0)).toBe(score.hit);
    expect(
      byPosition.find((figures) => figures.voice === 'hi_hat' && figures.position === '1'),
    ).toMatchObject({
      strokes: 5,
    });
    expect(
      byPosition.find((figures) => figures.voice === 'bass_drum' && figures.position === '1'),
    ).toMatchObject({
      strokes: 2,
    });
  });

  it('shows which drum a struck pad plays and remembers a remap for the device', async () => {
    const kit = fakeMidi();
    const coach = new TimingCoach(clock, () => {});
    await coach.useMidi();
    kit.strike(60, 1000);
    expect(coach.getSnapshot().lastNote).toEqual({ note: 60, voice: undefined });
    coach.remap(60, 'snare');
    expect(coach.getSnapshot().lastNote).toEqual({ note: 60, voice: 'snare' });
    expect(loadDrumMap('Test Kit')[60]).toBe('snare');
    kit.strike(38, 1100);
    expect(coach.getSnapshot().lastNote).toEqual({ note: 38, voice: 'snare' });
  });

  it('says so when the kit is unplugged mid-lesson, and stops scoring', async () => {
    const kit = fakeMidi();
    const coach = new TimingCoach(clock, () => {});
    await coach.useMidi();
    coach.takeStarted(0);
    kit.unplug();
    expect(coach.getSnapshot()).toMatchObject({
      input: { kind: 'none' },
      problem: 'midi-unplugged',
      take: null,
    });
  });

  it('says so when the browser has no Web MIDI', async () => {
    vi.stubGlobal('navigator', { ...navigator, requestMIDIAccess: undefined });
    const coach = new TimingCoach(clock, () => {});
    await coach.useMidi();
    expect(coach.getSnapshot()).toMatchObject({ input: { kind: 'none' }, problem: 'midi-unsupported' });
  });

  it('scores nothing without an input', () => {
    const scored = vi.fn();
    const coach = new TimingCoach(clock, scored);
    coach.setNotation(notation);
    coach.takeStarted(0);
    coach.planned([{ time: 1, position: position(0) }]);
    coach.takeEnded(5);
    expect(scored).not.toHaveBeenCalled();
  });

  it('ends a take on Stop even when it is not scored: says none was heard, never shows the earlier take as this one', async () => {
    const kit = fakeMidi();
    const takes: ScoredTake[] = [];
    const coach = new TimingCoach(clock, (scored) => takes.push(scored));
    coach.setNotation(notation);
    await coach.useMidi();
    const playATake = (start: number, strokeAt: (noteTime: number) => number | null) => {
      coach.takeStarted(start);
      const noteTimes = Array.from({ length: 8 }, (_, index) => start + index / 2);
      coach.planned(noteTimes.map((time, index) => ({ time, position: position((index % 4) * 2) })));
      for (const time of noteTimes) {
        const at = strokeAt(time);
        if (at !== null) kit.strike(38, at * 1000);
      }
      coach.takeEnded(start + 4.5);
    };
    playATake(10, (time) => time);
    expect(takes).toHaveLength(1);
    expect(coach.getSnapshot().unscored).toBeNull();
    const first = coach.getSnapshot().last;

    // The input delivered nothing (a microphone too far, an e-kit switched off): the take ends, unscored.
    playATake(20, () => null);
    expect(takes).toHaveLength(1);
    expect(coach.getSnapshot()).toMatchObject({
      take: null,
      live: null,
      last: first,
      unscored: { strokesHeard: 0 },
    });
    expect(unscoredTakeText(coach.getSnapshot().unscored!, 'midi')).toBe(
      'This take is not scored: the coach heard no stroke from your e-kit. Check that it is on and connected, then play again.',
    );
    expect(unscoredTakeText({ strokesHeard: 0 }, 'microphone')).toBe(
      'This take is not scored: the coach heard no stroke from the microphone. Bring it closer to what you play or raise its sensitivity, then play again.',
    );

    // Strokes heard, each halfway between two notes: none plays a note.
    playATake(30, (time) => time + 0.25);
    expect(takes).toHaveLength(1);
    expect(coach.getSnapshot().unscored).toEqual({ strokesHeard: 8 });
    expect(unscoredTakeText({ strokesHeard: 8 }, 'midi')).toBe(
      'This take is not scored: none of the 8 strokes heard was near a note of the pattern. Play along from the first bar after the count-in.',
    );

    // The next take starts clean, and a scored one clears it.
    coach.takeStarted(40);
    expect(coach.getSnapshot().unscored).toBeNull();
    coach.takeEnded(40.1);
    expect(coach.getSnapshot().unscored).toBeNull(); // stopped before its first note: no take at all
    playATake(50, (time) => time);
    expect(takes).toHaveLength(2);
    expect(coach.getSnapshot().unscored).toBeNull();
  });
});
