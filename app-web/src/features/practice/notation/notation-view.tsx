import type { PlaybackPosition } from '@stickwork/domain';
import type { LessonNotationState } from './use-lesson-notation';

interface NotationViewProps {
  lessonName: string;
  notation: LessonNotationState;
  position: PlaybackPosition | null;
}

/** The lesson's notation under its title (engraved by the notation engineer's module: work in progress). */
export const NotationView = ({ notation }: NotationViewProps) =>
  notation.status === 'error' ? (
    <p className="practice-muted" role="status">
      {notation.message}
    </p>
  ) : null;
