import { PageFrame } from '../../components/layout/page-frame';
import { PrivacyText } from '../../features/legal/privacy-text';
import { usePageMeta } from '../../lib/use-page-meta';

export const PrivacyPolicyRoute = () => {
  usePageMeta('Privacy Policy', '/privacy-policy');
  return (
    <PageFrame
      eyebrow="Privacy Policy"
      title={<span lang="de">Datenschutzerklärung</span>}
      lead={<span lang="de">Welche Daten wir verarbeiten, wofür und welche Rechte Sie haben.</span>}
      width="narrow"
    >
      <PrivacyText />
    </PageFrame>
  );
};
