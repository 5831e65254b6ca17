import { PageFrame } from '../../components/layout/page-frame';
import { ImpressumText } from '../../features/legal/impressum-text';
import { usePageMeta } from '../../lib/use-page-meta';

export const ImpressumRoute = () => {
  usePageMeta('Impressum', '/impressum');
  return (
    <PageFrame
      eyebrow="Impressum"
      title={<span lang="de">Impressum</span>}
      lead={<span lang="de">Wer hinter Stickwork steht und wie Sie uns erreichen.</span>}
      width="narrow"
    >
      <ImpressumText />
    </PageFrame>
  );
};
