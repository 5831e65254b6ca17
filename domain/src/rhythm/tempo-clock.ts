/**
 * The audio clock's view of a tempo: where beat `originBeat` falls (`originTime`, seconds on the
 * AudioContext clock) and how fast the beats come after it. A tempo change starts a new clock at the
 * beat where it takes effect, so every beat's time is computed from the last change by one
 * multiplication, never by adding up intervals: the grid cannot drift, whatever tempo changes come.
 */
export interface TempoClock {
  /** Beat number (from the start of playback, count-in included) at which this tempo took effect. */
  originBeat: number;
  /** When `originBeat` sounds, in seconds on the audio clock. */
  originTime: number;
  bpm: number;
}

export const startClock = (startTime: number, bpm: number): TempoClock => ({
  originBeat: 0,
  originTime: startTime,
  bpm,
});

/** Seconds of one beat at `bpm`. */
export const beatSeconds = (bpm: number): number => 60 / bpm;

/** When a (possibly fractional) beat position sounds: origin + beats since the origin × beat length. */
export const timeAtBeat = (clock: TempoClock, beat: number): number =>
  clock.originTime + ((beat - clock.originBeat) * 60) / clock.bpm;

/** The same grid from `atBeat` on at another tempo (the beats before it keep their times). */
export const retempo = (clock: TempoClock, atBeat: number, bpm: number): TempoClock =>
  bpm === clock.bpm ? clock : { originBeat: atBeat, originTime: timeAtBeat(clock, atBeat), bpm };
