import { ButtonLink } from '../../components/button/button';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { usePageMeta } from '../../lib/use-page-meta';

export const NotFoundRoute = () => {
  usePageMeta('Page not found', '/');
  return (
    <PageFrame eyebrow="404" title="This page is out of time" width="narrow">
      <FrameCard>
        <p>
          We could not find the page you were looking for. It may have moved, or the link has a typo. Let's
          get you back on the beat.
        </p>
        <div className="link-row">
          <ButtonLink to="/">Back to the start page</ButtonLink>
          <ButtonLink to="/pricing" variant="secondary">
            See our plans
          </ButtonLink>
        </div>
      </FrameCard>
    </PageFrame>
  );
};
