import { isIP } from 'node:net';
import os from 'node:os';
import { z } from 'zod';
import { SECRET_ADVICE, SECRET_MIN_CHARACTERS, secretWeakness } from './secret-strength.js';

/**
 * Configuration from the environment (DESIGN.md "Configuration"). Every variable is validated
 * here so a bad value stops start-up with one message naming it.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const stripePriceVariables = [
  'STRIPE_PRICE_BASIC_MONTHLY',
  'STRIPE_PRICE_BASIC_YEARLY',
  'STRIPE_PRICE_PREMIUM_MONTHLY',
  'STRIPE_PRICE_PREMIUM_YEARLY',
  'STRIPE_PRICE_EXCLUSIVE_MONTHLY',
  'STRIPE_PRICE_EXCLUSIVE_YEARLY',
] as const;

export { SECRET_MIN_CHARACTERS } from './secret-strength.js';

/** A signing secret: long enough, and not a few characters repeated (secret-strength.ts). */
const secretVariable = optionalString.pipe(
  z
    .string()
    .min(SECRET_MIN_CHARACTERS, 'must be at least 32 characters long (or unset, to generate one)')
    .superRefine((secret, context) => {
      const weakness = secret.length < SECRET_MIN_CHARACTERS ? null : secretWeakness(secret);
      if (weakness)
        context.addIssue({ code: 'custom', message: `${weakness} (${SECRET_ADVICE}, or unset it)` });
    })
    .optional(),
);

/** Practice writes a customer may make in a minute (every route together), unless configured. */
export const PRACTICE_WRITES_PER_MINUTE = 120;

/** Express's (proxy-addr's) named ranges for `trust proxy`. */
const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'] as const;
const isTrustedProxyEntry = (entry: string): boolean => {
  if ((PROXY_PRESETS as readonly string[]).includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
};

/** A DNS host name (`localhost`, `app.internal`): letters, digits and inner hyphens, dot-separated. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A URL pg can connect with: the scheme, and a host or a database (never echoed: it may hold a password). */
const isPostgresUrl = (value: string): boolean => {
  if (!/^postgres(ql)?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' || url.pathname.length > 1;
  } catch {
    return false;
  }
};

const environmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: optionalString.pipe(
    z
      .string()
      .refine((host) => isIP(host) !== 0 || HOST_NAME.test(host), {
        message: 'must be an address to listen on, such as 127.0.0.1, 0.0.0.0 or ::',
      })
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  EVENTSTORE_CONNECTION_STRING: optionalString.pipe(
    z
      .string()
      .regex(/^(esdb|esdb\+discover|kurrentdb|kurrentdb\+discover|kdb|kdb\+discover):\/\//, {
        message: 'must be an esdb:// or kurrentdb:// connection string',
      })
      .optional(),
  ),
  DATABASE_URL: optionalString.pipe(
    z.string().refine(isPostgresUrl, { message: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  JWT_SECRET: secretVariable,
  RESERVATION_SECRET: secretVariable,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Stickwork <hello@stickwork.local>'),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, { message: 'must be a Stripe secret key (sk_...)' })
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_/, { message: 'must be a Stripe webhook secret (whsec_...)' })
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
    z.string().regex(/^pk_/, { message: 'must be a Stripe publishable key (pk_...)' }).optional(),
  ),
  /** Another Stripe API base (stripe-mock, a local fake in tests); unset: api.stripe.com. */
  STRIPE_API_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  ...Object.fromEntries(stripePriceVariables.map((name) => [name, optionalString])),
  PRACTICE_WRITES_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(PRACTICE_WRITES_PER_MINUTE),
  /** HTTP worker processes (node's cluster); unset: one per core. */
  WEB_CONCURRENCY: optionalString.pipe(
    z.coerce
      .number<string>({ error: 'must be a whole number of worker processes' })
      .int('must be a whole number of worker processes')
      .min(1, 'must be at least 1')
      .max(256, 'must be at most 256')
      .optional(),
  ),
  /** Proxies whose X-Forwarded-For names the client (rate limits count per client, not per proxy). */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()))
      .refine((entries) => entries.every(isTrustedProxyEntry), {
        message: `must be a comma-separated list of ${PROXY_PRESETS.join(', ')}, IP addresses or CIDR ranges (10.0.0.0/8)`,
      })
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
});

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: Record<(typeof stripePriceVariables)[number], string>;
  /** For Stripe.js in the browser (embedded checkout). */
  publishableKey?: string;
  /** Unset: api.stripe.com. */
  apiUrl?: string;
}

export interface Config {
  port: number;
  /** The address the server listens on: loopback unless HOST says otherwise (0.0.0.0 in containers). */
  host: string;
  dataDir: string;
  eventStoreConnectionString: string | undefined;
  /**
   * PostgreSQL for what hosts share beside the event store (personal-data keys, rate limits, the
   * shared leases: docs/postgresql.md); unset: all of it in DATA_DIR's SQLite file.
   */
  databaseUrl: string | undefined;
  /** Unset: generated into DATA_DIR on first start (see backend.ts). */
  jwtSecret: string | undefined;
  /** Keys the `email-` and `newsletter-` stream names; unset: generated into DATA_DIR (see reservation-streams.ts). */
  reservationSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of the links in mails; defaults to http://localhost:PORT. */
  publicUrl: string;
  stripe: StripeConfig | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /** Per customer and minute, over every practice write (practice-write-limit.ts). */
  practiceWritesPerMinute: number;
  /** The built web app to serve; unset: app-web/dist beside this package. */
  webDist: string | undefined;
  /** HTTP worker processes sharing the port; 1 is a single process without cluster (main.ts). */
  webConcurrency: number;
  /** Express's `trust proxy`: whose X-Forwarded-For is believed. Default loopback (a proxy on this host). */
  trustProxy: string[];
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export const loadConfig = (environment: Record<string, string | undefined> = process.env): Config => {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Configuration error: ${variable} ${issue.message}`);
  }
  const env = parsed.data as z.infer<typeof environmentSchema> &
    Record<(typeof stripePriceVariables)[number], string | undefined>;

  let stripe: StripeConfig | undefined;
  if (env.STRIPE_SECRET_KEY) {
    // Every missing variable at once: one restart to learn them all, not one per variable.
    const missing = (['STRIPE_WEBHOOK_SECRET', ...stripePriceVariables] as const).filter(
      (name) => !env[name],
    );
    if (missing.length > 0)
      throw new ConfigError(
        `Configuration error: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required when STRIPE_SECRET_KEY is set`,
      );
    stripe = {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      prices: Object.fromEntries(
        stripePriceVariables.map((name) => [name, env[name]!]),
      ) as StripeConfig['prices'],
      ...(env.STRIPE_PUBLISHABLE_KEY ? { publishableKey: env.STRIPE_PUBLISHABLE_KEY } : {}),
      ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
    };
  }

  // Hosts that share DATABASE_URL (and an event store) must sign tokens and name the email
  // reservations alike: secrets generated into each DATA_DIR would log drummers out on the other
  // host and let one email register once per host.
  const unsharedSecrets = (['JWT_SECRET', 'RESERVATION_SECRET'] as const).filter((name) => !env[name]);
  if (env.DATABASE_URL && unsharedSecrets.length > 0)
    throw new ConfigError(
      `Configuration error: ${unsharedSecrets.join(' and ')} ${unsharedSecrets.length === 1 ? 'is' : 'are'} required when DATABASE_URL is set (the same on every host; a host that generated ${unsharedSecrets.length === 1 ? 'it has it' : 'them has them'} in DATA_DIR/secrets/)`,
    );

  return {
    port: env.PORT,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR,
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    reservationSecret: env.RESERVATION_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    stripe,
    logLevel: env.LOG_LEVEL,
    practiceWritesPerMinute: env.PRACTICE_WRITES_PER_MINUTE,
    webDist: env.WEB_DIST,
    webConcurrency: env.WEB_CONCURRENCY ?? os.availableParallelism(),
    trustProxy: env.TRUST_PROXY ?? ['loopback'],
  };
};
