import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, SimulatedClock, transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ConsentEvent, ConsentInput, ConsentPreference } from './consent-machine';
import {
  ACCEPT_ALL_RELOAD_DELAY_MS,
  consentMachine,
  DEFAULT_CONSENT_PREFERENCE,
  hasAnalyticsConsent,
  hasVideoConsent,
  isConsentDialogNeeded,
  parseConsentPreference,
  serializeConsentPreference,
} from './consent-machine';

type Snapshot = SnapshotFrom<typeof consentMachine>;
type Action = { type: string; params?: unknown };

const run = (input: ConsentInput, ...events: ConsentEvent[]) => {
  let [snapshot] = initialTransition(consentMachine, input);
  let last: Action[] = [];
  for (const event of events) {
    const [next, actions] = transition(consentMachine, snapshot, event);
    snapshot = next;
    last = actions.filter((a) => !a.type.startsWith('xstate.')).map(({ type, params }) => ({ type, params }));
  }
  return { snapshot, last };
};

const seen: ConsentPreference = { ...DEFAULT_CONSENT_PREFERENCE, vimeo: true, consentSeen: true };
const onlyRequired: ConsentPreference = {
  stickwork: true,
  stripe: true,
  vimeo: false,
  googleAnalytics: false,
  consentSeen: true,
};
const everything: ConsentPreference = { ...onlyRequired, vimeo: true, googleAnalytics: true };
const dialogOpen = (snapshot: Snapshot) => snapshot.matches('dialogOpen');

describe('consent', () => {
  describe('cookie', () => {
    it('defaults to the required cookies only, not yet seen', () => {
      expect(DEFAULT_CONSENT_PREFERENCE).toEqual({
        stickwork: true,
        stripe: true,
        vimeo: false,
        googleAnalytics: false,
        consentSeen: false,
      });
    });

    it('reads back what it writes, and a missing or unreadable cookie as none', () => {
      expect(parseConsentPreference(serializeConsentPreference(everything))).toEqual(everything);
      expect(parseConsentPreference(undefined)).toBeNull();
      expect(parseConsentPreference('{not json')).toBeNull();
      expect(parseConsentPreference('42')).toBeNull();
    });

    it('always reads the required entries as true', () => {
      expect(parseConsentPreference('{"stickwork":false,"stripe":false,"consentSeen":true}')).toEqual(
        onlyRequired,
      );
    });

    it('grants video and analytics only by their own switch', () => {
      expect(hasVideoConsent(seen)).toBe(true);
      expect(hasAnalyticsConsent(seen)).toBe(false);
      expect(hasVideoConsent(null)).toBe(false);
    });
  });

  describe('When the dialog shows', () => {
    it('shows while the cookie is missing or consent not yet seen, and not after', () => {
      expect(isConsentDialogNeeded(null)).toBe(true);
      expect(dialogOpen(run({}).snapshot)).toBe(true);
      expect(dialogOpen(run({ preference: DEFAULT_CONSENT_PREFERENCE }).snapshot)).toBe(true);
      expect(dialogOpen(run({ preference: seen }).snapshot)).toBe(false);
    });

    it('reopens from the footer or bottom menu with the current values', () => {
      const { snapshot } = run({ preference: seen }, { type: 'consent.reopen' });
      expect(dialogOpen(snapshot)).toBe(true);
      expect(snapshot.context.selection).toEqual({ vimeo: true, googleAnalytics: false });
    });
  });

  describe('When deciding', () => {
    for (const type of ['consent.decline_unrequired', 'consent.close'] as const) {
      it(`${type} keeps only the required cookies, stores them and reloads`, () => {
        const { snapshot, last } = run({ preference: seen }, { type: 'consent.reopen' }, { type });
        expect(snapshot.context.preference).toEqual(onlyRequired);
        expect(last).toEqual([
          { type: 'persistConsent', params: onlyRequired },
          { type: 'reloadPage', params: undefined },
        ]);
        expect(snapshot.status).toBe('done');
      });
    }

    it('Accept Selection stores the chosen switches, then reloads', () => {
      const { last } = run(
        {},
        { type: 'consent.toggle', category: 'marketing' },
        { type: 'consent.accept_selection' },
      );
      expect(last).toEqual([
        { type: 'persistConsent', params: { ...onlyRequired, googleAnalytics: true } },
        { type: 'reloadPage', params: undefined },
      ]);
    });

    it('switches functional and marketing on and off, but never the required cookies', () => {
      const toggled = run(
        {},
        { type: 'consent.toggle', category: 'functional' },
        { type: 'consent.toggle', category: 'marketing' },
        { type: 'consent.toggle', category: 'marketing' },
      ).snapshot;
      expect(toggled.context.selection).toEqual({ vimeo: true, googleAnalytics: false });
      expect(toggled.can({ type: 'consent.toggle', category: 'required' })).toBe(false);
      // Switching stores nothing until a button is pressed.
      expect(toggled.context.preference).toEqual(DEFAULT_CONSENT_PREFERENCE);
    });

    it('Accept All stores everything at once and reloads only after 300 ms', () => {
      const { snapshot, last } = run({}, { type: 'consent.accept_all' });
      expect(last).toEqual([{ type: 'persistConsent', params: everything }]);
      expect(snapshot.matches('acceptingAll')).toBe(true);

      const reloads: number[] = [];
      const clock = new SimulatedClock();
      const actor = createActor(
        consentMachine.provide({ actions: { reloadPage: () => reloads.push(clock.now()) } }),
        { input: {}, clock },
      ).start();
      actor.send({ type: 'consent.accept_all' });
      clock.increment(ACCEPT_ALL_RELOAD_DELAY_MS - 1);
      expect(reloads).toEqual([]);
      clock.increment(1);
      expect(reloads).toEqual([300]);
      expect(actor.getSnapshot().status).toBe('done');
    });

    it("accepts videos from the lesson card's notice without the dialog or a reload", () => {
      const { snapshot, last } = run({ preference: onlyRequired }, { type: 'consent.accept_video' });
      expect(snapshot.context.preference).toEqual({ ...onlyRequired, vimeo: true });
      expect(last).toEqual([{ type: 'persistConsent', params: { ...onlyRequired, vimeo: true } }]);
      expect(dialogOpen(snapshot)).toBe(false);
    });
  });
});
