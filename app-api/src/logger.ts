import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/** Paths that may carry secrets or personal data; pino replaces them before a line is written. */
const REDACTED = [
  'req.headers["x-auth-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.email',
];

export const createLogger = (config: Pick<Config, 'logLevel'>): Logger =>
  pino({ level: config.logLevel, redact: { paths: REDACTED, censor: '[redacted]' } });
