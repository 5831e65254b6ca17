/**
 * Registers the service worker vite-plugin-pwa built (after the page has loaded) and calls
 * `onNeedRefresh` once a new version is downloaded and waiting; answers the function that
 * activates it and reloads the page.
 */
export const registerServiceWorker = async (onNeedRefresh: () => void) => {
  const { registerSW } = await import('virtual:pwa-register');
  return registerSW({ onNeedRefresh });
};
