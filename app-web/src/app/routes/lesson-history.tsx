import { PageFrame } from '../../components/layout/page-frame';
import { LessonHistoryPage } from '../../features/lesson-history/lesson-history-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { practiceFeature } from '../features/practice';

export const LessonHistoryRoute = () => {
  usePageMeta('Lesson History', '/lesson-history');
  return (
    <PageFrame
      eyebrow="Stats"
      title="Lesson History"
      lead="The lessons you played, newest first, with your rating and your timing."
    >
      <LessonHistoryPage />
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [practiceFeature];
