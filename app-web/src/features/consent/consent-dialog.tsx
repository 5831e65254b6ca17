import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button/button';
import { Modal } from '../../components/modal/modal';
import { Switch } from '../../components/switch/switch';
import type { ConsentController } from './use-consent';
import './consent-dialog.css';

/** The cookie consent dialog of product-spec §2; closing it declines the optional cookies. */
export const ConsentDialog = ({ consent: choices }: { consent: ConsentController }) => {
  const requiredId = useId();
  const functionalId = useId();
  const marketingId = useId();

  return (
    <Modal
      open={choices.open}
      title="This website uses cookies"
      onClose={choices.close}
      footer={
        <>
          <Button variant="ghost" onClick={choices.declineUnrequired} disabled={choices.deciding}>
            Decline Unrequired
          </Button>
          <Button variant="secondary" onClick={choices.acceptSelection} disabled={choices.deciding}>
            Accept Selection
          </Button>
          <Button variant="primary" onClick={choices.acceptAll} disabled={choices.deciding}>
            Accept All
          </Button>
        </>
      }
    >
      <p className="consent__intro">
        We use cookies to keep you logged in, to take payments safely, to play lesson videos and, if you allow
        it, to learn how Stickwork is used. Choose what you are comfortable with. You can change these
        settings later on this device at any time via “Cookie preferences”.
      </p>
      <div className="consent__sections">
        <section className="consent__section">
          <div className="consent__section-head">
            <Switch label="Required cookies" checked disabled describedBy={requiredId} />
            <span className="consent__badge">Always on</span>
          </div>
          <p id={requiredId}>
            Our own login cookie keeps you signed in, and our card payment provider sets cookies to process
            payments securely and prevent fraud. The site cannot work without them.
          </p>
        </section>
        <section className="consent__section">
          <div className="consent__section-head">
            <Switch
              label="Functional cookies"
              checked={choices.selection.vimeo}
              onChange={choices.toggleFunctional}
              describedBy={functionalId}
            />
            <span className="consent__badge consent__badge--recommended">Recommended</span>
          </div>
          <p id={functionalId}>
            Our video provider stores cookies when it plays the lesson videos. Without them, videos are only
            loaded after you agree on the lesson itself.
          </p>
        </section>
        <section className="consent__section">
          <div className="consent__section-head">
            <Switch
              label="Marketing cookies"
              checked={choices.selection.googleAnalytics}
              onChange={choices.toggleMarketing}
              describedBy={marketingId}
            />
            <span className="consent__badge">Optional</span>
          </div>
          <p id={marketingId}>
            Our analytics provider counts visits and sign-ups so we can see which pages help drummers and
            improve them. No advertising cookies are used.
          </p>
        </section>
      </div>
      <p className="consent__imprint">
        Details in our <Link to="/privacy-policy">privacy policy</Link> and our{' '}
        <Link to="/impressum">imprint (Impressum)</Link>.
      </p>
    </Modal>
  );
};
