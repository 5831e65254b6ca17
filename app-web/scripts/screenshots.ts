/**
 * Screenshots of the built app for a visual check: start the built server (`PORT=4173 node
 * app-api/dist/main.js`, or `npx vite preview --port 4173` with an API on 3000), then
 * `npx tsx scripts/screenshots.ts` (writes /tmp/shots/*.png; BASE_URL and SHOTS_DIR override).
 * With a reachable API the logged-in pages use a freshly registered account.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from '@playwright/test';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:4173';
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const WIDTHS = [375, 768, 1280] as const;

const PUBLIC_PAGES = [
  ['landing', '/'],
  ['pricing', '/pricing'],
  ['about-us', '/about-us'],
  ['impressum', '/impressum'],
  ['privacy-policy', '/privacy-policy'],
  ['terms-and-conditions', '/terms-and-conditions'],
  ['login', '/login'],
  ['register', '/register'],
  ['verify-mail', '/verify-mail'],
  ['request-password-change', '/request-password-change'],
  ['change-password', '/change-password'],
  ['not-found', '/no-such-page'],
] as const;

const LOGGED_IN_PAGES = [
  ['launch-overview', '/launch-overview'],
  ['account-settings', '/account-settings'],
] as const;

const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const fakeToken = () =>
  [
    base64Url({ alg: 'HS256', typ: 'JWT' }),
    base64Url({ exp: Math.floor(Date.now() / 1000) + 3600, firstname: 'Alex', activeTier: 'freemium' }),
    'signature',
  ].join('.');

const seenConsent = JSON.stringify({
  stickwork: true,
  stripe: true,
  vimeo: false,
  googleAnalytics: false,
  consentSeen: true,
});

const addCookies = (context: BrowserContext, cookies: Record<string, string>) =>
  context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: BASE_URL })));

/** A real login token when the API answers, so the subscription sync keeps the session. */
const memberToken = async (): Promise<string> => {
  try {
    const response = await fetch(`${BASE_URL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `screenshots.${Date.now()}@example.com`,
        password: 'Paradiddle-42',
        firstname: 'Alex',
        lastname: 'Drummer',
        country: 'DE',
        dateTermsAndConditions: new Date().toISOString(),
      }),
    });
    if (response.ok) return ((await response.json()) as { token: string }).token;
  } catch {
    // No API: the fake token shows the pages until a sync would end the session.
  }
  return fakeToken();
};

/** The registration wizard's states: a question, the advanced sliders, Personal Data with its errors. */
const registrationStates = async (page: Page, width: number) => {
  await page.goto(`${BASE_URL}/register`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Start the questionnaire' }).click();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.screenshot({ path: `${SHOTS_DIR}/register-question-${width}.png`, fullPage: true });
  for (let question = 1; question < 4; question += 1) {
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Yes' }).check();
  }
  await page.getByRole('switch').click();
  await page.screenshot({ path: `${SHOTS_DIR}/register-advanced-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByLabel(/I have read the privacy policy/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.screenshot({ path: `${SHOTS_DIR}/register-personal-data-${width}.png`, fullPage: true });
};

const main = async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const token = await memberToken();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    for (const width of WIDTHS) {
      const guest = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await addCookies(guest, { 'gdpr-cookie': encodeURIComponent(seenConsent) });
      const page = await guest.newPage();
      for (const [name, path] of PUBLIC_PAGES) {
        await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
      }
      await registrationStates(page, width);
      await guest.close();

      // First visit: the consent dialog.
      const firstVisit = await browser.newContext({ viewport: { width, height: 900 } });
      const consentPage = await firstVisit.newPage();
      await consentPage.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
      await consentPage.screenshot({ path: `${SHOTS_DIR}/consent-${width}.png` });
      await firstVisit.close();

      const member = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await addCookies(member, { 'gdpr-cookie': encodeURIComponent(seenConsent), 'auth-token': token });
      const memberPage = await member.newPage();
      for (const [name, path] of LOGGED_IN_PAGES) {
        await memberPage.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
        await memberPage.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
      }
      const menuButton = memberPage.getByRole('button', { name: /open menu|more/i });
      if (await menuButton.count()) {
        await menuButton.first().click();
        await memberPage.screenshot({ path: `${SHOTS_DIR}/menu-open-${width}.png` });
      }
      await member.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`Screenshots written to ${SHOTS_DIR}`);
};

await main();
