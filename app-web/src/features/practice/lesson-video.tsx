import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button/button';
import { readConsent, readStoredConsent, writeConsent } from '../../lib/consent/consent-cookie';
import { hasVideoConsent } from '../../lib/consent/consent-machine';
import { VIDEO_HEIGHT, VIDEO_WIDTH, videoEmbedUrl } from './video-embed-url';

/**
 * The lesson video, loaded only with the video provider's consent; until then a notice blocks it
 * and offers to accept right here (product-spec §2).
 */
export const LessonVideo = ({ videoUrl, title }: { videoUrl: string | undefined; title: string }) => {
  const [consented, setConsented] = useState(() => hasVideoConsent(readStoredConsent()));
  const embed = videoUrl ? videoEmbedUrl(videoUrl) : null;
  if (!embed) return null;

  if (!consented) {
    const accept = () => {
      writeConsent({ ...readConsent(), vimeo: true, consentSeen: true });
      setConsented(true);
    };
    return (
      <div className="lesson-video lesson-video--blocked">
        <p>
          This video is hosted by Vimeo. Loading it sends data to Vimeo, so we ask first. Read more in our{' '}
          <Link to="/privacy-policy">privacy policy</Link>.
        </p>
        <Button variant="on-ink" onClick={accept}>
          Accept to load video
        </Button>
      </div>
    );
  }
  return (
    <div className="lesson-video">
      <iframe
        src={embed}
        width={VIDEO_WIDTH}
        height={VIDEO_HEIGHT}
        title={`Video: ${title}`}
        allow="fullscreen; picture-in-picture"
        loading="lazy"
      />
    </div>
  );
};
