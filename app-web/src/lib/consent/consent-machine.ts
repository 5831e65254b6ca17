import { assign, setup } from 'xstate';

/**
 * The cookie consent dialog (product-spec §2 "Cookie consent dialog", §4 "Consent", §9). The app reads
 * and writes the `gdpr-cookie` cookie and reloads the page through the named actions.
 *
 * It lives in app-web, not domain: only the browser runs it, and the server never reads
 * the consent cookie. Like domain's machines it stays pure (inert named actions, I/O by .provide()).
 */

export const CONSENT_COOKIE_NAME = 'gdpr-cookie';
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 31_536_000;
export const ACCEPT_ALL_RELOAD_DELAY_MS = 300;

/** The cookie's value. The first-party key is the product's name. */
export interface ConsentPreference {
  /** Required: the first-party login cookie. */
  stickwork: true;
  /** Required: the card payment provider. */
  stripe: true;
  /** Functional: the video provider. */
  vimeo: boolean;
  /** Marketing: the analytics provider. */
  googleAnalytics: boolean;
  consentSeen: boolean;
}

export const DEFAULT_CONSENT_PREFERENCE: ConsentPreference = {
  stickwork: true,
  stripe: true,
  vimeo: false,
  googleAnalytics: false,
  consentSeen: false,
};

/** The dialog's three switch sections; only the two optional ones can be switched. */
export type ConsentCategory = 'required' | 'functional' | 'marketing';

export interface ConsentSelection {
  vimeo: boolean;
  googleAnalytics: boolean;
}

/**
 * The stored cookie, or null when it is missing or unreadable (then the dialog asks again). Required
 * entries read as true whatever was stored.
 */
export const parseConsentPreference = (raw: string | undefined): ConsentPreference | null => {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  return {
    stickwork: true,
    stripe: true,
    vimeo: stored.vimeo === true,
    googleAnalytics: stored.googleAnalytics === true,
    consentSeen: stored.consentSeen === true,
  };
};

export const serializeConsentPreference = (preference: ConsentPreference): string =>
  JSON.stringify(preference);

/** The dialog shows on a first visit: while consentSeen is false or the cookie is missing. */
export const isConsentDialogNeeded = (preference: ConsentPreference | null): boolean =>
  preference === null || !preference.consentSeen;

/** Videos load only with functional consent; otherwise the lesson card shows 'Accept to load video'. */
export const hasVideoConsent = (preference: ConsentPreference | null): boolean => preference?.vimeo === true;

/** Analytics events are sent only with marketing consent. */
export const hasAnalyticsConsent = (preference: ConsentPreference | null): boolean =>
  preference?.googleAnalytics === true;

const decided = (selection: ConsentSelection): ConsentPreference => ({
  stickwork: true,
  stripe: true,
  ...selection,
  consentSeen: true,
});

const selectionOf = (preference: ConsentPreference): ConsentSelection => ({
  vimeo: preference.vimeo,
  googleAnalytics: preference.googleAnalytics,
});

export interface ConsentInput {
  /** The parsed cookie; null or absent when there is none. */
  preference?: ConsentPreference | null;
}

export interface ConsentContext {
  preference: ConsentPreference;
  /** The dialog's switches, stored only by Accept Selection. */
  selection: ConsentSelection;
}

export type ConsentEvent =
  | { type: 'consent.toggle'; category: ConsentCategory }
  | { type: 'consent.decline_unrequired' }
  | { type: 'consent.close' }
  | { type: 'consent.accept_selection' }
  | { type: 'consent.accept_all' }
  /** Footer 'cookie preferences' or the bottom menu's Cookies. */
  | { type: 'consent.reopen' }
  /** The lesson card's 'Accept to load video': functional consent without the dialog. */
  | { type: 'consent.accept_video' };

const persist = {
  type: 'persistConsent',
  params: ({ context }: { context: ConsentContext }) => context.preference,
} as const;

export const consentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    input: {} as ConsentInput | void,
  },
  actions: {
    /** Writes `gdpr-cookie` (max age CONSENT_COOKIE_MAX_AGE_SECONDS); the app supplies it. */
    persistConsent: (_, _preference: ConsentPreference) => {},
    reloadPage: () => {},
    decide: assign((_, selection: ConsentSelection) => {
      const preference = decided(selection);
      return { preference, selection: selectionOf(preference) };
    }),
  },
  guards: {
    dialogNeeded: ({ context }) => isConsentDialogNeeded(context.preference),
    isOptionalCategory: ({ event }) =>
      event.type === 'consent.toggle' && (event.category === 'functional' || event.category === 'marketing'),
  },
  delays: {
    acceptAllReloadDelay: ACCEPT_ALL_RELOAD_DELAY_MS,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => {
    const preference = input?.preference ?? DEFAULT_CONSENT_PREFERENCE;
    return { preference, selection: selectionOf(preference) };
  },
  initial: 'resolving',
  states: {
    resolving: {
      always: [{ guard: 'dialogNeeded', target: 'dialogOpen' }, { target: 'dialogClosed' }],
    },
    dialogClosed: {
      on: {
        'consent.reopen': {
          target: 'dialogOpen',
          actions: assign({ selection: ({ context }) => selectionOf(context.preference) }),
        },
        'consent.accept_video': {
          actions: [
            {
              type: 'decide',
              params: ({ context }) => ({ ...selectionOf(context.preference), vimeo: true }),
            },
            persist,
          ],
        },
      },
    },
    dialogOpen: {
      on: {
        'consent.toggle': {
          guard: 'isOptionalCategory',
          actions: assign({
            selection: ({ context, event }) =>
              event.category === 'functional'
                ? { ...context.selection, vimeo: !context.selection.vimeo }
                : { ...context.selection, googleAnalytics: !context.selection.googleAnalytics },
          }),
        },
        'consent.decline_unrequired': {
          target: 'reloading',
          actions: [{ type: 'decide', params: { vimeo: false, googleAnalytics: false } }, persist],
        },
        'consent.close': {
          target: 'reloading',
          actions: [{ type: 'decide', params: { vimeo: false, googleAnalytics: false } }, persist],
        },
        'consent.accept_selection': {
          target: 'reloading',
          actions: [{ type: 'decide', params: ({ context }) => context.selection }, persist],
        },
        'consent.accept_all': {
          target: 'acceptingAll',
          actions: [{ type: 'decide', params: { vimeo: true, googleAnalytics: true } }, persist],
        },
      },
    },
    /** The switches show all on for a moment before the reload. */
    acceptingAll: {
      after: { acceptAllReloadDelay: { target: 'reloading' } },
    },
    reloading: {
      type: 'final',
      entry: 'reloadPage',
    },
  },
});
