import { useCallback, useState } from 'react';
import { readConsent, writeConsent, type ConsentPreference } from '../../lib/consent/consent-cookie';
import {
  ACCEPT_ALL_RELOAD_DELAY_MS,
  acceptAll,
  acceptSelection,
  declineUnrequired,
  selectionOf,
  type ConsentSelection,
} from './consent-decisions';

/** The I/O of a consent decision; the same names as the domain consent machine's actions. */
export interface ConsentEffects {
  persistConsent: (preference: ConsentPreference) => void;
  reloadPage: () => void;
  wait: (ms: number) => Promise<void>;
}

export const browserConsentEffects: ConsentEffects = {
  persistConsent: writeConsent,
  reloadPage: () => window.location.reload(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface ConsentChoices {
  selection: ConsentSelection;
  /** True once a decision is stored and the reload is pending. */
  deciding: boolean;
  toggle: (key: keyof ConsentSelection) => void;
  declineUnrequired: () => void;
  acceptSelection: () => void;
  acceptAll: () => void;
}

/**
 * The consent dialog's behaviour (product-spec §4 Consent): Decline/close store only the required
 * cookies and reload; Accept All stores everything, waits 300 ms and reloads; Accept Selection stores
 * the switches and reloads.
 *
 * WIRING POINT: when `consentMachine` lands in domain/src/machines/consent-machine.ts, replace this
 * body with `useMachine(consentMachine.provide({ actions: { persistConsent, reloadPage } }))` and map
 * its snapshot onto this same ConsentChoices shape; the dialog does not change.
 */
export const useConsentChoices = (effects: ConsentEffects = browserConsentEffects): ConsentChoices => {
  const [selection, setSelection] = useState<ConsentSelection>(() => selectionOf(readConsent()));
  const [deciding, setDeciding] = useState(false);

  const decide = useCallback(
    async (preference: ConsentPreference, delayMs = 0) => {
      setDeciding(true);
      effects.persistConsent(preference);
      if (delayMs > 0) await effects.wait(delayMs);
      effects.reloadPage();
    },
    [effects],
  );

  return {
    selection,
    deciding,
    toggle: (key) => setSelection((current) => ({ ...current, [key]: !current[key] })),
    declineUnrequired: () => void decide(declineUnrequired()),
    acceptSelection: () => void decide(acceptSelection(selection)),
    acceptAll: () => {
      setSelection({ vimeo: true, googleAnalytics: true });
      void decide(acceptAll(), ACCEPT_ALL_RELOAD_DELAY_MS);
    },
  };
};
