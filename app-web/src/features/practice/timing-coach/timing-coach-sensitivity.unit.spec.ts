import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StrokeLoudness } from './microphone-input';
import { TimingCoach } from './timing-coach';

/** The microphone as the worklet reports it: the test plays strokes with their loudness. */
const microphone = vi.hoisted(() => ({
  onOnset: (_time: number, _loudness: StrokeLoudness) => {},
  sensitivity: [] as number[],
  listenedForSoftStrokes: 0,
}));
vi.mock('./microphone-input', () => ({
  openMicrophone: (
    _context: AudioContext,
    options: { sensitivity: number; onOnset: typeof microphone.onOnset },
  ) => {
    microphone.onOnset = options.onOnset;
    microphone.sensitivity = [options.sensitivity];
    return Promise.resolve({
      stream: {} as MediaStream,
      setSensitivity: (sensitivity: number) => microphone.sensitivity.push(sensitivity),
      listenForSoftStrokes: () => microphone.listenedForSoftStrokes++,
      close: () => {},
    });
  },
}));

const clock = { audioContext: () => ({ currentTime: 0 }) as unknown as AudioContext };
/** An accent (its attack's first window at -12 dB, whole at +6) and soft strokes at `softDb`. */
const playAccentAndSoft = (softDb: number[]) => {
  microphone.onOnset(1, { levelDb: -12, loudestDb: 6 });
  softDb.forEach((levelDb, index) => microphone.onOnset(1.3 + 0.3 * index, { levelDb, loudestDb: 6 }));
};

afterEach(() => {
  localStorage.clear();
  microphone.listenedForSoftStrokes = 0;
});

describe('the microphone sensitivity set from soft strokes', () => {
  it('listens to an accent and five soft strokes, sets the sensitivity so they count, and remembers it', async () => {
    const coach = new TimingCoach(clock, () => {});
    await coach.useMicrophone();
    coach.listenForSoftStrokes();
    expect(microphone.listenedForSoftStrokes).toBe(1);
    expect(coach.getSnapshot().tuningSensitivity).toBe(true);
    // Soft strokes 40-42 dB under the accent's attack: 42 + 6 dB margin is sensitivity 0.7.
    playAccentAndSoft([-34, -36, -35, -34, -35]);
    expect(coach.getSnapshot()).toMatchObject({
      tuningSensitivity: false,
      sensitivity: 0.7,
      softStrokeTuning: { sensitivity: 0.7, softBelowAccentDb: 42, reached: true },
    });
    expect(microphone.sensitivity.at(-1)).toBe(0.7);
    coach.dispose();

    // The next lesson's card opens the microphone at the sensitivity set.
    const next = new TimingCoach(clock, () => {});
    await next.useMicrophone();
    expect(next.getSnapshot().sensitivity).toBe(0.7);
    expect(microphone.sensitivity).toEqual([0.7]);
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
    expect(microphone.sensitivity.at(-1)).toBe(0.35);
  });
});
