import type { Notation, PlaybackPosition } from '@stickwork/domain';
import { Metronome } from '../metronome';

interface PracticeRoomProps {
  /** The lesson's notation; null while it loads (the metronome works without it). */
  notation: Notation | null;
  startBpm: number | undefined;
  /** Called as each grid step sounds (on the audio clock), and with null when playback stops. */
  onPosition: (position: PlaybackPosition | null) => void;
}

/** The metronome and pattern player of the lesson card (the audio engineer's module: work in progress). */
export const PracticeRoom = ({ startBpm }: PracticeRoomProps) => <Metronome startBpm={startBpm} />;
