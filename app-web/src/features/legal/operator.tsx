import { CONTACT_EMAIL } from '../../lib/contact';

/** The operator's address block, shared by imprint, privacy policy and terms. */
export const OperatorAddress = () => (
  <address>
    Stickwork GmbH
    <br />
    Lychener Straße 42
    <br />
    10437 Berlin
    <br />
    Deutschland
    <br />
    E-Mail: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
  </address>
);
