import type { PlaybackPosition } from '@stickwork/domain';
import { lazy, Suspense } from 'react';
import type { LessonNotationState } from './use-lesson-notation';
import './notation.css';

// VexFlow (a few hundred kB) loads only when a lesson card shows notation, never with the rest of the app.
const EngravedNotation = lazy(() => import('./engraved-notation'));

interface NotationViewProps {
  lessonName: string;
  notation: LessonNotationState;
  /** How many times the pattern is played (repeat barlines, as on the PDF). */
  repetitions: number;
  position: PlaybackPosition | null;
}

const Loading = () => (
  <p className="practice-muted notation__status" role="status">
    Loading the notation…
  </p>
);

/** The lesson's notation under its title, engraved in the browser with the same module as the PDF. */
export const NotationView = ({ lessonName, notation, repetitions, position }: NotationViewProps) => {
  if (notation.status === 'error')
    return (
      <p className="practice-muted notation__status" role="status">
        {notation.message}
      </p>
    );
  if (notation.status === 'loading') return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <EngravedNotation
        lessonName={lessonName}
        notation={notation.notation}
        repetitions={repetitions}
        position={position}
      />
    </Suspense>
  );
};
