import { PageFrame } from '../../components/layout/page-frame';
import { TimingTrends } from '../../features/lesson-history/timing-trends';
import { WeakSpots } from '../../features/lesson-history/weak-spots';
import { StatsPage } from '../../features/progress/stats-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { practiceFeature } from '../features/practice';

export const StatsAndProgressRoute = () => {
  usePageMeta('Stats and Progress', '/stats-and-progress');
  return (
    <PageFrame
      eyebrow="Stats"
      title="Stats and Progress"
      lead="Your skills at a glance, your practice days and how close you are to the next level."
    >
      <div className="stack">
        <StatsPage />
        <TimingTrends />
        <WeakSpots />
      </div>
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [practiceFeature];
