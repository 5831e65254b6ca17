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
