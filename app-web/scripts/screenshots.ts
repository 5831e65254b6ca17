/**
 * Screenshots of the built app for a visual check: `npx vite preview --port 4173` in one shell, then
 * `npx tsx scripts/screenshots.ts` (writes /tmp/shots/*.png; BASE_URL and SHOTS_DIR override).
 */
import { mkdirSync } from 'node:fs';
import { chromium, type BrowserContext } from '@playwright/test';

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

const main = async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
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
      await guest.close();

      // First visit: the consent dialog.
      const firstVisit = await browser.newContext({ viewport: { width, height: 900 } });
      const consentPage = await firstVisit.newPage();
      await consentPage.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
      await consentPage.screenshot({ path: `${SHOTS_DIR}/consent-${width}.png` });
      await firstVisit.close();

      const member = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await addCookies(member, { 'gdpr-cookie': encodeURIComponent(seenConsent), 'auth-token': fakeToken() });
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
