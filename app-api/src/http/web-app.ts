import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/** Client routes of product-spec §2; anything else under / is a 404 page of the SPA. */
const SPA_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/log-out\/?$/,
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/pricing\/?$/,
  /^\/about-us\/?$/,
  /^\/impressum\/?$/,
  /^\/privacy-policy\/?$/,
  /^\/terms-and-conditions\/?$/,
  /^\/verify-mail(\/[^/]*)?\/?$/,
  /^\/verify-email(\/[^/]*)?\/?$/,
  /^\/request-password-change\/?$/,
  /^\/change-password[^/]*(\/[^/]*)?\/?$/,
  /^\/checkout\/[^/]+\/?$/,
  /^\/return\/?$/,
  /^\/launch-overview\/?$/,
  /^\/stats-and-progress\/?$/,
  /^\/update-skills\/?$/,
  /^\/account-settings\/?$/,
  /^\/subscription-success\/?$/,
  // The local test-payment provider's customer portal.
  /^\/test-payments\/portal\/?$/,
];

export const isSpaRoute = (pathname: string): boolean => SPA_ROUTES.some((route) => route.test(pathname));

/** Serves the built web app with an SPA fallback; a missing build gets a clear page instead. */
export const webApp = (distDir: string): Router => {
  const router = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  router.use(express.static(distDir, { index: false, maxAge: '1h', immutable: false }));
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text')
        .send('The web app is not built yet: run `npm run build` (npm start does it).');
      return;
    }
    res
      .status(isSpaRoute(req.path) ? 200 : 404)
      .setHeader('cache-control', 'no-cache')
      .sendFile(indexFile);
  });
  return router;
};
