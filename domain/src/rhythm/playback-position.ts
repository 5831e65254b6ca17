/**
 * Where the practice room's playback is, as the notation on the lesson card needs to know it: the audio
 * engine publishes one of these for each grid step as it sounds (timed on the audio clock), and the
 * notation view highlights the notes written at that step.
 */
export interface PlaybackPosition {
  /**
   * Grid step of the notation sounding now, from the start of bar 1 (the same numbering as
   * `NoteEvent.step`: bar * beats * subdivision + beat * subdivision + tick); null during the count-in.
   */
  step: number | null;
  /** 0-based bar of the notation (during the count-in: the count-in bar's beat index instead). */
  bar: number;
  /** 0-based beat within the bar. */
  beat: number;
  /** True while the one-bar count-in plays before the pattern or the speed trainer. */
  countIn: boolean;
  /** True in a silent bar (gap click or the exercise's muted bar): nothing sounds, the drummer keeps time alone. */
  silent: boolean;
  /** The tempo sounding now (it changes under the speed trainer). */
  bpm: number;
}
