import { ComingSoon } from '../../components/layout/coming-soon';
import { PageFrame } from '../../components/layout/page-frame';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: radar chart, hours / lessons / max streak, activity calendar and a gauge per skill.
export const StatsAndProgressRoute = () => {
  usePageMeta('Stats and Progress', '/stats-and-progress');
  return (
    <PageFrame
      eyebrow="Stats"
      title="Stats and Progress"
      lead="Your skills at a glance, your practice days and how close you are to the next level."
    >
      <ComingSoon what="Your statistics" />
    </PageFrame>
  );
};
