import { randomBytes } from 'node:crypto';
import * as path from 'node:path';

export type NodeEnvironment = 'development' | 'production' | 'test';

export interface AppConfig {
  nodeEnv: NodeEnvironment;
  port: number;
  publicUrl: string;
  /** True when PUBLIC_URL was not given, so it follows the port actually bound (PORT=0). */
  publicUrlFromPort: boolean;
  /** Unset means: start an embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** A tour file to use instead of the built-in catalogue/tour.json. */
  tourFile: string | undefined;
  /** Where the built site lives; absent in API-only runs. */
  frontendDist: string;
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  sandboxPayments: boolean;
  /** Signs the sandbox's Stripe-shaped webhook deliveries; unset means one kept in the database. */
  sandboxWebhookSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  chatJoinCode: string;
  contactEmail: string;
  pressEmail: string;
  adminPassword: string;
  adminPasswordGenerated: boolean;
  /** How long an operator's session lives, in minutes (12 hours unless ADMIN_SESSION_TTL_MINUTES). */
  adminSessionTtlMinutes: number;
  /** Minutes a seat is held while the visitor is at the payment page. */
  checkoutHoldMinutes: number;
  /** Operations: logs, proxy, rate limits and shutdown (see readOperationsConfig). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  logFormat: 'json' | 'pretty';
  /** Express's `trust proxy`: which hops may name the client in X-Forwarded-For. */
  trustProxy: boolean | number | string;
  /** Registrations one client address may start per window, fleet-wide; 0 turns the limit off. */
  registrationRateLimit: number;
  registrationRateWindowSeconds: number;
  /** Further dreams one registration may share in all (SHARED_DREAMS_PER_REGISTRATION). */
  sharedDreamsPerRegistration: number;
  /** Dream shares per window, per registration and per client address; 0 turns it off. */
  dreamShareRateLimit: number;
  dreamShareRateWindowSeconds: number;
  /** How long a SIGTERM waits for requests in flight before it closes their connections. */
  shutdownTimeoutMs: number;
  /**
   * How long a SIGTERM keeps accepting and serving (not ready, every answer Connection: close)
   * before it stops accepting, so that a proxy notices first (SHUTDOWN_DELAY_SECONDS).
   */
  shutdownDelayMs: number;
  /** Minutes past a hold's expiry before the sweeper releases it (webhooks get there first). */
  holdGraceMinutes: number;
  /** Whether this process runs the hold sweeper and the outbox worker (WORKERS; off under test). */
  workers: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function fail(name: string, expectation: string, value: string | undefined): never {
  throw new ConfigError(`Invalid configuration: ${name} ${expectation} (got "${value ?? ''}")`);
}

function readNodeEnv(env: Env): NodeEnvironment {
  const value = env.NODE_ENV ?? 'development';
  if (value === 'development' || value === 'production' || value === 'test') return value;
  return fail('NODE_ENV', 'must be one of development, production, test', value);
}

function readPort(env: Env): number {
  const raw = env.PORT;
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    fail('PORT', 'must be a whole number from 0 to 65535', raw);
  }
  return port;
}

function readUrl(name: string, raw: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return fail(name, `must be a URL (${protocols.join(', ')})`, raw);
  }
  if (!protocols.includes(parsed.protocol)) {
    fail(name, `must be a URL (${protocols.join(', ')})`, raw);
  }
  return raw;
}

function readBoolean(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return fail(name, 'must be true or false', raw);
}

function readEmail(name: string, raw: string | undefined, fallback: string): string {
  const value = raw === undefined || raw === '' ? fallback : raw;
  if (!/^[^\s@]+@[^\s@]+$/.test(value.replace(/^.*<(.*)>$/, '$1'))) {
    fail(name, 'must be an email address', value);
  }
  return value;
}

/**
 * Reads and validates the environment once, at boot. A bad value stops the boot with one line
 * that names the variable and what it expects.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = readNodeEnv(env);
  const port = readPort(env);
  const publicUrl = readUrl('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`, [
    'http:',
    'https:',
  ]).replace(/\/+$/, '');
  const databaseUrl = env.DATABASE_URL
    ? readUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'])
    : undefined;
  const dataDir = path.resolve(env.DATA_DIR || '.data');

  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (secretKey && !webhookSecret) {
    fail('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set', webhookSecret);
  }
  if (webhookSecret && !secretKey) {
    fail('STRIPE_SECRET_KEY', 'is required when STRIPE_WEBHOOK_SECRET is set', secretKey);
  }
  if (secretKey && !/^(sk|rk)_(test|live)_/.test(secretKey)) {
    fail('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_..., sk_live_...)', '<hidden>');
  }
  const stripeApiUrl = env.STRIPE_API_URL
    ? readUrl('STRIPE_API_URL', env.STRIPE_API_URL, ['http:', 'https:'])
    : undefined;
  const stripe =
    secretKey && webhookSecret ? { secretKey, webhookSecret, apiUrl: stripeApiUrl } : undefined;

  const sandboxPayments = readBoolean('SANDBOX_PAYMENTS', env.SANDBOX_PAYMENTS);
  if (!stripe && nodeEnv === 'production' && !sandboxPayments) {
    fail(
      'STRIPE_SECRET_KEY',
      'is required in production (or set SANDBOX_PAYMENTS=true to take test payments)',
      undefined,
    );
  }

  const smtpUrl = env.SMTP_URL ? readUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) : undefined;

  let adminPassword = env.ADMIN_PASSWORD ?? '';
  let adminPasswordGenerated = false;
  if (!adminPassword) {
    if (nodeEnv === 'production') {
      fail('ADMIN_PASSWORD', 'is required in production', undefined);
    }
    adminPassword = randomBytes(12).toString('base64url');
    adminPasswordGenerated = true;
  } else if (nodeEnv === 'production' && adminPassword.length < 12) {
    fail('ADMIN_PASSWORD', 'must be at least 12 characters in production', '<hidden>');
  }

  const sessionTtlRaw = env.ADMIN_SESSION_TTL_MINUTES;
  let adminSessionTtlMinutes = 720;
  if (sessionTtlRaw !== undefined && sessionTtlRaw !== '') {
    adminSessionTtlMinutes = Number(sessionTtlRaw);
    if (
      !/^\d+$/.test(sessionTtlRaw) ||
      adminSessionTtlMinutes < 1 ||
      adminSessionTtlMinutes > 10080
    ) {
      fail(
        'ADMIN_SESSION_TTL_MINUTES',
        'must be a whole number of minutes from 1 to 10080',
        sessionTtlRaw,
      );
    }
  }

  const holdRaw = env.CHECKOUT_HOLD_MINUTES;
  let checkoutHoldMinutes = 30;
  if (holdRaw !== undefined && holdRaw !== '') {
    checkoutHoldMinutes = Number(holdRaw);
    if (!/^\d+$/.test(holdRaw) || checkoutHoldMinutes < 30 || checkoutHoldMinutes > 1440) {
      fail('CHECKOUT_HOLD_MINUTES', 'must be a whole number of minutes from 30 to 1440', holdRaw);
    }
  }

  const graceRaw = env.HOLD_GRACE_MINUTES;
  let holdGraceMinutes = 5;
  if (graceRaw !== undefined && graceRaw !== '') {
    holdGraceMinutes = Number(graceRaw);
    if (!/^\d+$/.test(graceRaw) || holdGraceMinutes > 1440) {
      fail('HOLD_GRACE_MINUTES', 'must be a whole number of minutes from 0 to 1440', graceRaw);
    }
  }
  // Tests drive the sweeper and the outbox worker themselves (runOnce), so they default to off.
  const workers =
    env.WORKERS === undefined || env.WORKERS === ''
      ? nodeEnv !== 'test'
      : readBoolean('WORKERS', env.WORKERS);

  return {
    nodeEnv,
    port,
    publicUrl,
    publicUrlFromPort: !env.PUBLIC_URL,
    databaseUrl,
    dataDir,
    tourFile: env.TOUR_FILE ? path.resolve(env.TOUR_FILE) : undefined,
    frontendDist: path.resolve(
      env.FRONTEND_DIST || path.join(__dirname, '..', '..', '..', 'frontend', 'dist'),
    ),
    stripe,
    sandboxPayments: !stripe,
    sandboxWebhookSecret: env.SANDBOX_WEBHOOK_SECRET || undefined,
    smtpUrl,
    mailFrom: readEmail('MAIL_FROM', env.MAIL_FROM, 'Dream Darkroom <tickets@localhost>'),
    chatJoinCode: env.CHAT_JOIN_CODE || 'DREAMS-BUC',
    contactEmail: readEmail('CONTACT_EMAIL', env.CONTACT_EMAIL, 'hello@localhost'),
    pressEmail: readEmail('PRESS_EMAIL', env.PRESS_EMAIL, 'press@localhost'),
    adminPassword,
    adminPasswordGenerated,
    adminSessionTtlMinutes,
    checkoutHoldMinutes,
    ...readOperationsConfig(env, nodeEnv),
    holdGraceMinutes,
    workers,
  };
}

function readWholeNumber(env: Env, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    fail(name, `must be a whole number from ${min} to ${max}`, raw);
  }
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Logs, the proxy in front, rate limits and shutdown: the knobs an operator turns. */
function readOperationsConfig(
  env: Env,
  nodeEnv: NodeEnvironment,
): Pick<
  AppConfig,
  | 'logLevel'
  | 'logFormat'
  | 'trustProxy'
  | 'registrationRateLimit'
  | 'registrationRateWindowSeconds'
  | 'sharedDreamsPerRegistration'
  | 'dreamShareRateLimit'
  | 'dreamShareRateWindowSeconds'
  | 'shutdownTimeoutMs'
  | 'shutdownDelayMs'
> {
  const logLevel = (env.LOG_LEVEL || 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    fail('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`, env.LOG_LEVEL);
  }
  const logFormat = (env.LOG_FORMAT || (nodeEnv === 'development' ? 'pretty' : 'json')) as
    'json' | 'pretty';
  if (logFormat !== 'json' && logFormat !== 'pretty') {
    fail('LOG_FORMAT', 'must be json or pretty', env.LOG_FORMAT);
  }
  const trustRaw = env.TRUST_PROXY || 'loopback';
  let trustProxy: boolean | number | string = trustRaw;
  if (trustRaw === 'true' || trustRaw === 'false') trustProxy = trustRaw === 'true';
  else if (/^\d+$/.test(trustRaw)) trustProxy = Number(trustRaw);
  else if (!/^[\w.:/,\s-]+$/.test(trustRaw)) {
    fail(
      'TRUST_PROXY',
      'must be a hop count, true, false, or addresses/subnets (loopback, 10.0.0.0/8, ...)',
      trustRaw,
    );
  }
  return {
    logLevel,
    logFormat,
    trustProxy,
    // Tests fire many registrations from one address; they ask for a limit when they test it.
    registrationRateLimit: readWholeNumber(
      env,
      'REGISTRATION_RATE_LIMIT',
      nodeEnv === 'test' ? 0 : 20,
      0,
      1_000_000,
    ),
    registrationRateWindowSeconds: readWholeNumber(
      env,
      'REGISTRATION_RATE_WINDOW_SECONDS',
      600,
      1,
      86_400,
    ),
    sharedDreamsPerRegistration: readWholeNumber(
      env,
      'SHARED_DREAMS_PER_REGISTRATION',
      10,
      0,
      1000,
    ),
    dreamShareRateLimit: readWholeNumber(env, 'DREAM_SHARE_RATE_LIMIT', 5, 0, 1_000_000),
    dreamShareRateWindowSeconds: readWholeNumber(
      env,
      'DREAM_SHARE_RATE_WINDOW_SECONDS',
      600,
      1,
      86_400,
    ),
    shutdownTimeoutMs: readWholeNumber(env, 'SHUTDOWN_TIMEOUT_SECONDS', 15, 0, 600) * 1000,
    shutdownDelayMs:
      readWholeNumber(env, 'SHUTDOWN_DELAY_SECONDS', nodeEnv === 'test' ? 0 : 5, 0, 120) * 1000,
  };
}
