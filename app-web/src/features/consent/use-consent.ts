import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { readStoredConsent, writeConsent } from '../../lib/consent/consent-cookie';
import {
  consentMachine,
  type ConsentPreference,
  type ConsentSelection,
} from '../../lib/consent/consent-machine';

/** The I/O the consent machine leaves to the app: the cookie and the reload. */
export interface ConsentEffects {
  persistConsent: (preference: ConsentPreference) => void;
  reloadPage: () => void;
}

export const browserConsentEffects: ConsentEffects = {
  persistConsent: writeConsent,
  reloadPage: () => window.location.reload(),
};

/** What the shell needs from consent: the dialog's state and its buttons, plus reopening it. */
export interface ConsentController {
  open: boolean;
  selection: ConsentSelection;
  /** A choice is stored and the reload is pending. */
  deciding: boolean;
  toggleFunctional: () => void;
  toggleMarketing: () => void;
  declineUnrequired: () => void;
  close: () => void;
  acceptSelection: () => void;
  acceptAll: () => void;
  reopen: () => void;
}

/**
 * Runs consentMachine (product-spec §4 Consent) with the browser's cookie and reload. One
 * instance lives in the app shell; the footer and the bottom menu reopen it.
 */
export const useConsent = (
  effects: ConsentEffects = browserConsentEffects,
  initialPreference: () => ConsentPreference | null = readStoredConsent,
): ConsentController => {
  const [machine] = useState(() =>
    consentMachine.provide({
      actions: {
        persistConsent: (_, preference) => effects.persistConsent(preference),
        reloadPage: () => effects.reloadPage(),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { preference: initialPreference() } });

  return {
    open: !snapshot.matches('dialogClosed'),
    selection: snapshot.context.selection,
    deciding: snapshot.matches('acceptingAll') || snapshot.matches('reloading'),
    toggleFunctional: () => send({ type: 'consent.toggle', category: 'functional' }),
    toggleMarketing: () => send({ type: 'consent.toggle', category: 'marketing' }),
    declineUnrequired: () => send({ type: 'consent.decline_unrequired' }),
    close: () => send({ type: 'consent.close' }),
    acceptSelection: () => send({ type: 'consent.accept_selection' }),
    acceptAll: () => send({ type: 'consent.accept_all' }),
    reopen: () => send({ type: 'consent.reopen' }),
  };
};
