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

/** The page module (app-web/src/app/routes/<name>.tsx) of a path whose first segment is not its name. */
const ROUTE_MODULE_OF: Record<string, string> = {
  '': 'landing',
  'log-out': 'landing',
  'verify-email': 'verify-mail',
  return: 'checkout-return',
};

/** The page module a path renders, by the route files' naming: /login is routes/login.tsx. */
export const routeModuleOf = (pathname: string): string => {
  const segment = pathname.split('/')[1] ?? '';
  return ROUTE_MODULE_OF[segment] ?? segment;
};

interface RoutePreload {
  scripts: string[];
  styles: string[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * index.html with the page's own chunks named in its head (the build's route-preloads.json, see
 * app-web/build/route-preloads.ts): the browser fetches them alongside the entry instead of after
 * it ran, which is most of a first visit's wait on a slow line. Read again when the build changes.
 */
const pageHtml = (distDir: string) => {
  const indexFile = path.join(distDir, 'index.html');
  const preloadsFile = path.join(distDir, 'route-preloads.json');
  let cached: { builtAt: number; html: string; preloads: Record<string, RoutePreload> } | undefined;
  return (pathname: string): string => {
    const builtAt = fs.statSync(indexFile).mtimeMs;
    if (cached?.builtAt !== builtAt) {
      const preloads = fs.existsSync(preloadsFile)
        ? (JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Record<string, RoutePreload>)
        : {};
      cached = { builtAt, html: fs.readFileSync(indexFile, 'utf8'), preloads };
    }
    const preload = Object.hasOwn(cached.preloads, routeModuleOf(pathname))
      ? cached.preloads[routeModuleOf(pathname)]
      : undefined;
    if (!preload) return cached.html;
    const links = [
      ...preload.scripts.map(
        (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
      ),
      // Fetched early but not render-blocking: the chunk's loader adds the stylesheet before the page renders.
      ...preload.styles.map(
        (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
      ),
    ];
    return cached.html.replace('</head>', `${links.join('\n')}\n</head>`);
  };
};

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
  const htmlOf = pageHtml(distDir);
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
      .type('html')
      .send(htmlOf(req.path));
  });
  return router;
};
