import { questionnairePresetLevels, questionnaireSelfRating } from '@stickwork/domain';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE, DEFAULT_CONSENT, writeConsent } from '../../lib/consent/consent-cookie';
import { jsonResponse, startSaga, stubApi, textResponse } from '../../testing/saga-harness';
import { registrationSaga } from './registration-saga';
import { opened, registrationSlice, submitted, type PersonalData } from './registration-slice';

const personalData: PersonalData = {
  firstname: 'Ringo',
  lastname: 'Starr',
  country: 'GB',
  email: 'ringo@example.com',
  password: 'Paradiddle-42',
};
const selfRating = questionnaireSelfRating(questionnairePresetLevels(2));
const acceptedAt = '2026-03-01T10:00:00.000Z';

const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sendBeacon.mockClear();
  Cookies.remove(CONSENT_COOKIE, { path: '/' });
});

const start = () =>
  startSaga(registrationSaga, registrationSlice.reducer, registrationSlice.getInitialState());

describe('registration saga', () => {
  it('registers, stores the token, saves the self-rating with it and succeeds', async () => {
    const api = stubApi({
      'POST /api/register': () => jsonResponse(201, { token: 'new.token.value', clientSecret: null }),
      'POST /api/focus': () => jsonResponse(200, {}),
    });
    const saga = start();
    saga.dispatch(submitted({ personalData, selfRating, acceptedAt }));
    await saga.waitFor('registration/succeeded');
    expect(saga.types()).toEqual([
      'registration/submitted',
      'registration/requestSent',
      'session/tokenReceived',
      'registration/succeeded',
    ]);
    expect(saga.actions[2]).toEqual({ type: 'session/tokenReceived', payload: 'new.token.value' });
    expect(api.calls()).toEqual([
      {
        request: 'POST /api/register',
        body: { ...personalData, dateTermsAndConditions: acceptedAt, newsletterSubscription: false },
        token: undefined,
      },
      { request: 'POST /api/focus', body: { skillSelfRating: selfRating }, token: 'new.token.value' },
    ]);
    expect(saga.state().status).toBe('succeeded');
    saga.stop();
  });

  it('shows every schema message per field and sends nothing', async () => {
    const api = stubApi({});
    const saga = start();
    saga.dispatch(
      submitted({
        personalData: { firstname: 'R', lastname: '', country: '', email: 'ringo@', password: 'short 1' },
        selfRating,
        acceptedAt,
      }),
    );
    await saga.waitFor('registration/rejected');
    expect(saga.state()).toEqual({
      status: 'editing',
      fieldErrors: {
        firstname: ['length must be at least 2 characters long'],
        lastname: ['is required'],
        country: ['is required'],
        email: ['must be a valid email'],
        password: [
          'length must be at least 8 characters long',
          'should contain at least 1 special character',
          'should contain at least 1 uppercase letter',
          'should contain at least 2 numeric character',
          'should not contain white spaces',
        ],
      },
    });
    expect(api.fetchMock).not.toHaveBeenCalled();
    saga.stop();
  });

  it("puts 'email already in use' on the email field for a 409", async () => {
    stubApi({ 'POST /api/register': () => jsonResponse(409, { message: 'email already in use' }) });
    const saga = start();
    saga.dispatch(submitted({ personalData, selfRating, acceptedAt }));
    await saga.waitFor('registration/rejected');
    expect(saga.state()).toEqual({ status: 'editing', fieldErrors: { email: ['email already in use'] } });
    expect(saga.types()).not.toContain('session/tokenReceived');
    saga.stop();
  });

  it('re-enables the form and logs the status of any other failure, without a message', async () => {
    stubApi({ 'POST /api/register': () => textResponse(500, 'boom') });
    const saga = start();
    saga.dispatch(submitted({ personalData, selfRating, acceptedAt }));
    await saga.waitFor('registration/failed');
    expect(saga.state()).toEqual({ status: 'editing', fieldErrors: {} });
    expect(console.error).toHaveBeenCalledWith('Registration failed with status', 500);
    saga.stop();
  });

  it('still succeeds when only saving the self-rating fails', async () => {
    stubApi({
      'POST /api/register': () => jsonResponse(201, { token: 't.o.k', clientSecret: null }),
      'POST /api/focus': () => jsonResponse(500, { message: 'nope' }),
    });
    const saga = start();
    saga.dispatch(submitted({ personalData, selfRating, acceptedAt }));
    await saga.waitFor('registration/succeeded');
    expect(saga.types()).toContain('session/tokenReceived');
    saga.stop();
  });

  it("sends 'registration_started' and 'sign_up' only with analytics consent", async () => {
    const answers = {
      'POST /api/register': () => jsonResponse(201, { token: 't.o.k', clientSecret: null }),
      'POST /api/focus': () => jsonResponse(200, {}),
    };
    stubApi(answers);
    const withoutConsent = start();
    withoutConsent.dispatch(opened());
    withoutConsent.dispatch(submitted({ personalData, selfRating, acceptedAt }));
    await withoutConsent.waitFor('registration/succeeded');
    withoutConsent.stop();
    expect(sendBeacon).not.toHaveBeenCalled();

    writeConsent({ ...DEFAULT_CONSENT, googleAnalytics: true, consentSeen: true });
    const withConsent = start();
    withConsent.dispatch(opened());
    withConsent.dispatch(submitted({ personalData, selfRating, acceptedAt }));
    await withConsent.waitFor('registration/succeeded');
    withConsent.stop();
    const events = await Promise.all(
      sendBeacon.mock.calls.map(
        async ([, body]) => (JSON.parse(await readBlob(body as Blob)) as { event: string }).event,
      ),
    );
    expect(events).toEqual(['registration_started', 'sign_up']);
  });
});

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
