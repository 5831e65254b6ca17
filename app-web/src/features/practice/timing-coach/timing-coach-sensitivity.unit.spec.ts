import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StrokeLoudness } from './microphone-input';
import { TimingCoach } from './timing-coach';

/** The microphone as the onset worklet reports it: the test plays strokes with their loudness, and
 * reads what the coach posted to the worklet. */
const microphone = {
  onOnset: (_time: number, _loudness: StrokeLoudness) => {},
  posted: [] as { sensitivity?: number; forgetLoudest?: boolean }[],
  opened: { sensitivity: -1 },
};
class FakeWorkletNode {
  readonly port = {
    onmessage: null as ((event: { data: unknown }) => void) | null,
    postMessage: (message: { sensitivity?: number }) => microphone.posted.push(message),
  };
  constructor(_context: unknown, _name: string, options: { processorOptions: { sensitivity: number } }) {
    microphone.opened = options.processorOptions;
    microphone.onOnset = (time, loudness) =>
      this.port.onmessage?.({ data: { frame: time * 48_000, ...loudness } });
  }
  disconnect() {}
}
const context = {
  currentTime: 0,
  sampleRate: 48_000,
  audioWorklet: { addModule: () => Promise.resolve() },
  createMediaStreamSource: () => ({ connect: () => {}, disconnect: () => {} }),
};
const clock = { audioContext: () => context as unknown as AudioContext };

beforeEach(() => {
  vi.stubGlobal('AudioWorkletNode', FakeWorkletNode);
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: {
      getUserMedia: () => Promise.resolve({ getAudioTracks: () => [new EventTarget()], getTracks: () => [] }),
    },
  });
});

/** An accent (its attack's first window at -12 dB, whole at +6) and soft strokes at `softDb`. */
const playAccentAndSoft = (softDb: number[]) => {
  microphone.onOnset(1, { levelDb: -12, loudestDb: 6 });
  softDb.forEach((levelDb, index) => microphone.onOnset(1.3 + 0.3 * index, { levelDb, loudestDb: 6 }));
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  microphone.posted = [];
});

describe('the microphone sensitivity set from soft strokes', () => {
  it('listens to an accent and five soft strokes, sets the sensitivity so they count, and remembers it', async () => {
    const coach = new TimingCoach(clock, () => {});
    await coach.useMicrophone();
    coach.listenForSoftStrokes();
    expect(microphone.posted).toEqual([{ sensitivity: 1, forgetLoudest: true }]);
    expect(coach.getSnapshot().tuningSensitivity).toBe(true);
    // Soft strokes 40-42 dB under the accent's attack: 42 + 6 dB margin is sensitivity 0.7.
    playAccentAndSoft([-34, -36, -35, -34, -35]);
    expect(coach.getSnapshot()).toMatchObject({
      tuningSensitivity: false,
      sensitivity: 0.7,
      softStrokeTuning: { sensitivity: 0.7, softBelowAccentDb: 42, reached: true },
    });
    expect(microphone.posted.at(-1)).toEqual({ sensitivity: 0.7 });
    coach.dispose();

    // The next lesson's card opens the microphone at the sensitivity set.
    const next = new TimingCoach(clock, () => {});
    await next.useMicrophone();
    expect(next.getSnapshot().sensitivity).toBe(0.7);
    expect(microphone.opened).toEqual({ sensitivity: 0.7 });
  });

  it('stops when asked, says too few strokes were heard, and the microphone goes back to the sensitivity before', async () => {
    const coach = new TimingCoach(clock, () => {});
    await coach.useMicrophone();
    coach.setSensitivity(0.35);
    coach.listenForSoftStrokes();
    microphone.onOnset(1, { levelDb: -12, loudestDb: 6 });
    coach.listenForSoftStrokes();
    expect(coach.getSnapshot()).toMatchObject({
      tuningSensitivity: false,
      sensitivity: 0.35,
      softStrokeTuning: { refused: 'too-few' },
    });
    expect(microphone.posted.at(-1)).toEqual({ sensitivity: 0.35 });
  });
});
