import { PageFrame } from '../../components/layout/page-frame';
import { UpdateSkillsPage } from '../../features/progress/update-skills-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { practiceFeature } from '../features/practice';

// The route loader sends an expired token home (/) rather than to /log-out (product-spec §2).
export const UpdateSkillsRoute = () => {
  usePageMeta('Level Up', '/update-skills');
  return (
    <PageFrame
      eyebrow="Level Up"
      title="Change your skill levels"
      lead="Set each skill to the level that fits you; your next sessions follow right away."
    >
      <UpdateSkillsPage />
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [practiceFeature];
