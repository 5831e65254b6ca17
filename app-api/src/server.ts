import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Backend } from './backend.js';
import { accountsRouter } from './accounts/accounts-router.js';
import { practiceRouter } from './practice/practice-router.js';
import { paymentsRouter } from './payments/payments-router.js';
import { newsletterRouter } from './newsletter/newsletter-router.js';
import { analyticsRouter } from './analytics/analytics-router.js';
import { weeklyGoalRouter } from './weekly-goals/weekly-goal-router.js';
import { dataExportRouter } from './data-export/data-export-router.js';
import { remindersRouter } from './reminders/reminders-router.js';
import { teacherLessonsRouter } from './teacher-lessons/teacher-lessons-router.js';
import { apiNotFound, errorHandler } from './http/error-handlers.js';
import { healthRouter } from './http/health-router.js';
import { noStore } from './http/no-store.js';
import { timeZoneHeader } from './http/time-zone-header.js';
import { requestContext, requestLogger } from './http/request-logger.js';
import { webApp } from './http/web-app.js';
import { testClockRouter, type TestClock } from './http/test-clock.js';

const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app-web/dist');

export interface ServerOptions {
  /** Test-only: serves `/api/test/clock` to move this clock (`STICKWORK_TEST_CLOCK`, see `test-clock.ts`). */
  testClock?: TestClock;
}

/** The HTTP face of a backend: the API under /api and the web app everywhere else. */
export const createServer = (backend: Backend, options: ServerOptions = {}): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', backend.config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", 'https://js.stripe.com'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https://i.vimeocdn.com'],
          'frame-src': [
            "'self'",
            'https://player.vimeo.com',
            'https://js.stripe.com',
            'https://checkout.stripe.com',
          ],
          'connect-src': ["'self'", 'https://api.stripe.com', 'https://vimeo.com'],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.use(requestLogger(backend.logger), requestContext);
  app.use('/api', noStore, timeZoneHeader);
  app.use('/api', paymentsRouter(backend)); // before the JSON parser: Stripe signs the raw webhook body

  const api = express.Router();
  api.use(express.json({ limit: '100kb' }));
  api.use(healthRouter(backend));
  api.use(accountsRouter(backend));
  api.use(practiceRouter(backend));
  api.use(newsletterRouter(backend));
  api.use(analyticsRouter(backend));
  api.use(weeklyGoalRouter(backend));
  api.use(dataExportRouter(backend));
  api.use(remindersRouter(backend));
  api.use(teacherLessonsRouter(backend));
  if (options.testClock) api.use(testClockRouter(options.testClock));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(webApp(backend.config.webDist ?? defaultWebDist()));
  app.use(errorHandler);
  return app;
};
