import type { RequestHandler } from 'express';

/**
 * API answers carry personal data (names, emails, plans, practice history) or depend on who asks:
 * no browser or proxy cache may keep them. A route whose answer is public and stable (a sheet-music
 * PDF) sets its own Cache-Control after this.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', 'no-store');
  next();
};
