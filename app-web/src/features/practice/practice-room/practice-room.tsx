import { lazy, Suspense } from 'react';
import type { PracticeRoomPanelProps } from './practice-room-panel';

// The audio engine and its panel load with the lesson card (not with the rest of the app), and as soon
// as the card opens, so they keep working if the network drops afterwards.
const PracticeRoomPanel = lazy(() => import('./practice-room-panel'));

/** The music, metronome and pattern player of the lesson card (the music shows while the rest loads). */
export const PracticeRoom = (props: PracticeRoomPanelProps) => (
  <Suspense
    fallback={
      <>
        {props.music}
        <p className="practice-muted">Loading the metronome…</p>
      </>
    }
  >
    <PracticeRoomPanel {...props} />
  </Suspense>
);
