import { createPrivateKey, randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Environment } from './environment';
import { describeProblem, type Env } from './variable';

export type NodeEnvironment = Environment['NODE_ENV'];

export interface AppConfig {
  nodeEnv: NodeEnvironment;
  port: number;
  publicUrl: string;
  /** True when PUBLIC_URL was not given, so it follows the port actually bound (PORT=0). */
  publicUrlFromPort: boolean;
  /** Unset means: start an embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /** Connections in this process's pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** The app's own deadlines on every database call (DATABASE_CONNECT/QUERY_TIMEOUT_MS). */
  databaseDeadlines: { connectTimeoutMs: number; queryTimeoutMs: number };
  dataDir: string;
  /** A tour file to use instead of the built-in tour/tour.json. */
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
  /** Who the receipts name as the seller (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID). */
  seller: { name: string; address: string; taxId: string };
  adminPassword: string;
  adminPasswordGenerated: boolean;
  /** How long an operator's session lives, in minutes (12 hours unless ADMIN_SESSION_TTL_MINUTES). */
  adminSessionTtlMinutes: number;
  /** Minutes a seat is held while the visitor is at the payment page. */
  checkoutHoldMinutes: number;
  /** Operations: logs, proxy, rate limits and shutdown. */
  logLevel: Environment['LOG_LEVEL'];
  logFormat: Environment['LOG_FORMAT'];
  /** The bearer token of GET /metrics; unset, the route does not exist. */
  metricsToken: string | undefined;
  /** Express's `trust proxy`: which hops may name the client in X-Forwarded-For. */
  trustProxy: boolean | number | string;
  /** An IPv6 client is its network of this many bits for every per-address limit. */
  clientIpv6PrefixLength: number;
  /** Registrations one client address may start per window, fleet-wide; 0 turns the limit off. */
  registrationRateLimit: number;
  registrationRateWindowSeconds: number;
  /** Further dreams one registration may share in all (SHARED_DREAMS_PER_REGISTRATION). */
  sharedDreamsPerRegistration: number;
  /** Dream shares per window, per registration and per client address; 0 turns it off. */
  dreamShareRateLimit: number;
  dreamShareRateWindowSeconds: number;
  /** Seats one client address may hold unpaid at once, fleet-wide; 0 turns the cap off. */
  unpaidHoldsPerAddress: number;
  /** Registration for a slot closes this many minutes before its start. */
  registrationClosesMinutesBefore: number;
  /** Signs the emails' cancellation and offer links; unset means one kept in the database. */
  cancellationTokenSecret: string | undefined;
  /** TICKET_SIGNING_KEY as PEM (its \\n written out), checked to be an Ed25519 private key. */
  ticketSigningKey: string | undefined;
  /** A visitor may cancel from their email until this many hours before the slot. */
  cancellationClosesHoursBefore: number;
  /** The show's reminder leaves this many hours before the slot; 0: no reminders. */
  reminderHoursBefore: number;
  /** Minutes a seat offered from the waiting list is held for payment. */
  waitingListOfferMinutes: number;
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
  /** How long a worker's claim on queued work lasts without renewal (WORK_LEASE_SECONDS). */
  workLeaseMs: number;
  /** `make backup`'s and `make restore`'s file (BACKUP_FILE); the command line may name another. */
  backupFile: string | undefined;
  backupTool: Environment['BACKUP_TOOL'];
}

export class ConfigError extends Error {}

function refuse(problem: string): never {
  throw new ConfigError(`Invalid configuration: ${problem}`);
}

function fail(name: string, expectation: string, value: string | undefined): never {
  refuse(describeProblem(name, expectation, value ?? ''));
}

/** Every variable of the schema (environment.ts), parsed and defaulted; the first bad one stops. */
function readEnvironment(env: Env): Environment {
  const variables = plainToInstance(Environment, env, { excludeExtraneousValues: true });
  const [problem] = validateSync(variables, { stopAtFirstError: true });
  if (problem) refuse(Object.values(problem.constraints ?? {})[0]);
  return variables;
}

/**
 * Reads and validates the environment once, at boot. A bad value stops the boot with one line
 * that names the variable and what it expects.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const variables = readEnvironment(env);
  const nodeEnv = variables.NODE_ENV;
  const production = nodeEnv === 'production';

  const secretKey = variables.STRIPE_SECRET_KEY;
  const webhookSecret = variables.STRIPE_WEBHOOK_SECRET;
  if (secretKey && !webhookSecret) {
    fail('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set', webhookSecret);
  }
  if (webhookSecret && !secretKey) {
    fail('STRIPE_SECRET_KEY', 'is required when STRIPE_WEBHOOK_SECRET is set', secretKey);
  }
  const stripe =
    secretKey && webhookSecret
      ? { secretKey, webhookSecret, apiUrl: variables.STRIPE_API_URL }
      : undefined;
  if (!stripe && production && !variables.SANDBOX_PAYMENTS) {
    fail(
      'STRIPE_SECRET_KEY',
      'is required in production (or set SANDBOX_PAYMENTS=true to take test payments)',
      undefined,
    );
  }

  let adminPassword = variables.ADMIN_PASSWORD ?? '';
  let adminPasswordGenerated = false;
  if (!adminPassword) {
    if (production) fail('ADMIN_PASSWORD', 'is required in production', undefined);
    adminPassword = randomBytes(12).toString('base64url');
    adminPasswordGenerated = true;
  } else if (production && adminPassword.length < 12) {
    fail('ADMIN_PASSWORD', 'must be at least 12 characters in production', '<hidden>');
  }

  const ticketSigningKey = variables.TICKET_SIGNING_KEY?.replace(/\\n/g, '\n');
  if (ticketSigningKey !== undefined && !isEd25519PrivateKey(ticketSigningKey)) {
    fail(
      'TICKET_SIGNING_KEY',
      'must be an Ed25519 private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)',
      '<hidden>',
    );
  }

  return {
    nodeEnv,
    port: variables.PORT,
    publicUrl: (variables.PUBLIC_URL ?? `http://localhost:${variables.PORT}`).replace(/\/+$/, ''),
    publicUrlFromPort: variables.PUBLIC_URL === undefined,
    databaseUrl: variables.DATABASE_URL,
    databasePoolSize: variables.DATABASE_POOL_SIZE,
    databaseDeadlines: {
      connectTimeoutMs: variables.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: variables.DATABASE_QUERY_TIMEOUT_MS,
    },
    dataDir: path.resolve(variables.DATA_DIR),
    tourFile: variables.TOUR_FILE === undefined ? undefined : path.resolve(variables.TOUR_FILE),
    frontendDist: path.resolve(variables.FRONTEND_DIST),
    stripe,
    sandboxPayments: !stripe,
    sandboxWebhookSecret: variables.SANDBOX_WEBHOOK_SECRET,
    smtpUrl: variables.SMTP_URL,
    mailFrom: variables.MAIL_FROM,
    chatJoinCode: variables.CHAT_JOIN_CODE,
    contactEmail: variables.CONTACT_EMAIL,
    pressEmail: variables.PRESS_EMAIL,
    seller: {
      name: variables.SELLER_NAME,
      address: variables.SELLER_ADDRESS,
      taxId: variables.SELLER_TAX_ID,
    },
    adminPassword,
    adminPasswordGenerated,
    adminSessionTtlMinutes: variables.ADMIN_SESSION_TTL_MINUTES,
    checkoutHoldMinutes: variables.CHECKOUT_HOLD_MINUTES,
    logLevel: variables.LOG_LEVEL,
    logFormat: variables.LOG_FORMAT,
    metricsToken: variables.METRICS_TOKEN,
    trustProxy: variables.TRUST_PROXY,
    clientIpv6PrefixLength: variables.CLIENT_IPV6_PREFIX_LENGTH,
    registrationRateLimit: variables.REGISTRATION_RATE_LIMIT,
    registrationRateWindowSeconds: variables.REGISTRATION_RATE_WINDOW_SECONDS,
    sharedDreamsPerRegistration: variables.SHARED_DREAMS_PER_REGISTRATION,
    dreamShareRateLimit: variables.DREAM_SHARE_RATE_LIMIT,
    dreamShareRateWindowSeconds: variables.DREAM_SHARE_RATE_WINDOW_SECONDS,
    unpaidHoldsPerAddress: variables.UNPAID_HOLDS_PER_ADDRESS,
    registrationClosesMinutesBefore: variables.REGISTRATION_CLOSES_MINUTES_BEFORE,
    cancellationTokenSecret: variables.CANCELLATION_TOKEN_SECRET,
    ticketSigningKey,
    cancellationClosesHoursBefore: variables.CANCELLATION_CLOSES_HOURS_BEFORE,
    reminderHoursBefore: variables.REMINDER_HOURS_BEFORE,
    waitingListOfferMinutes: variables.WAITING_LIST_OFFER_MINUTES,
    shutdownTimeoutMs: variables.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    shutdownDelayMs: variables.SHUTDOWN_DELAY_SECONDS * 1000,
    holdGraceMinutes: variables.HOLD_GRACE_MINUTES,
    workers: variables.WORKERS,
    workLeaseMs: variables.WORK_LEASE_SECONDS * 1000,
    backupFile: variables.BACKUP_FILE,
    backupTool: variables.BACKUP_TOOL,
  };
}

function isEd25519PrivateKey(pem: string): boolean {
  try {
    return createPrivateKey({ key: pem, format: 'pem' }).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}
