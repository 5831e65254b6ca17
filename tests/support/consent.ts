import type { BrowserContext } from '@playwright/test';

/** Marks the consent dialog as answered (required cookies only), for journeys about other things. */
export const answerConsent = async (
  context: BrowserContext,
  baseURL: string,
  choice: { vimeo?: boolean; googleAnalytics?: boolean } = {},
) => {
  const value = {
    stickwork: true,
    stripe: true,
    vimeo: false,
    googleAnalytics: false,
    consentSeen: true,
    ...choice,
  };
  await context.addCookies([
    { name: 'gdpr-cookie', value: encodeURIComponent(JSON.stringify(value)), url: baseURL },
  ]);
};

export const e2eDataDir = (): string => {
  const dir = process.env.STICKWORK_E2E_DATA_DIR;
  if (!dir) throw new Error('STICKWORK_E2E_DATA_DIR is set by tests/playwright.config.ts');
  return dir;
};
