import { ComingSoon } from '../../components/layout/coming-soon';
import { PageFrame } from '../../components/layout/page-frame';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: one tab per skill with gauge, level slider, 'Update {skill} to: level N' and Update button.
export const UpdateSkillsRoute = () => {
  usePageMeta('Level Up', '/update-skills');
  return (
    <PageFrame
      eyebrow="Level Up"
      title="Change your skill levels"
      lead="Set each skill to the level that fits you; your next sessions follow right away."
    >
      <ComingSoon what="Changing your skill levels" />
    </PageFrame>
  );
};
