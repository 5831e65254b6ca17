import type { TransportInterruption, TransportMode } from '@stickwork/domain';

/**
 * The lesson card's one transport as the practice room sees it: its state lives in the card's machine
 * (domain lessonCardMachine, region `transport`), so the stopwatch, the room and the coach follow one
 * play/stop. The room starts its audio in the drummer's own click or key and reports it here.
 */
export interface CardTransport {
  /** What plays now, or null when stopped. */
  playing: TransportMode | null;
  /** What plays on the next start (Space, the last mode used). */
  mode: TransportMode;
  /** Why it stopped on its own, until it plays again. */
  stoppedBy: TransportInterruption | null;
  play: (mode: TransportMode) => void;
  stop: () => void;
  interrupted: (by: TransportInterruption) => void;
}

export const INTERRUPTION_MESSAGES: Record<TransportInterruption, string> = {
  hidden: 'Stopped: the page was hidden. Press play to go on.',
  audio: 'Stopped: the sound was cut off (another app took the audio). Press play to go on.',
};
