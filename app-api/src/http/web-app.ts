import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

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
  /^\/lesson-history\/?$/,
  /^\/teacher-lessons\/?$/,
  /^\/update-skills\/?$/,
  /^\/account-settings\/?$/,
  /^\/subscription-success\/?$/,
  // The local test-payment provider's customer portal.
  /^\/test-payments\/portal\/?$/,
];

export const isSpaRoute = (pathname: string): boolean => SPA_ROUTES.some((route) => route.test(pathname));

/** Vite names every file under assets/ after its content: a new build never reuses a name. */
const HASHED_ASSET = /[\\/]assets[\\/]/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app with an SPA fallback; a missing build gets a clear page instead.
 * Files go out precompressed (brotli, else gzip, as the build wrote them beside each file);
 * hashed assets are cached for a year as immutable, everything else (HTML, the service worker,
 * the manifest, icons) is revalidated on every use, so a new build shows at once.
 */
export const webApp = (distDir: string): Router => {
  const router = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  if (fs.existsSync(distDir))
    router.use(
      expressStaticGzip(distDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          index: false,
          setHeaders: (res, file) =>
            res.setHeader('cache-control', HASHED_ASSET.test(file) ? IMMUTABLE : 'no-cache'),
        },
      }),
    );
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
