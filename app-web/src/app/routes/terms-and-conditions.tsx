import { PageFrame } from '../../components/layout/page-frame';
import { TermsText } from '../../features/legal/terms-text';
import { usePageMeta } from '../../lib/use-page-meta';

export const TermsAndConditionsRoute = () => {
  usePageMeta('Terms and Conditions', '/terms-and-conditions');
  return (
    <PageFrame
      eyebrow="Terms and Conditions"
      title={<span lang="de">Allgemeine Geschäftsbedingungen</span>}
      lead={<span lang="de">Die Regeln für Ihr Stickwork-Konto und Ihr Abonnement.</span>}
      width="narrow"
    >
      <TermsText />
    </PageFrame>
  );
};
