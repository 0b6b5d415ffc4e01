import * as path from 'node:path';
import { ValidateBy } from 'class-validator';
import { Email, Flag, OneOf, Text, Url, Variable, WholeNumber, type Env } from './variable';

const NODE_ENVIRONMENTS = ['development', 'production', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['json', 'pretty'] as const;
const BACKUP_TOOLS = ['auto', 'pg_dump', 'logical'] as const;

const underTest = (env: Env) => env.NODE_ENV === 'test';

/**
 * Every environment variable the app reads: one property each, named as the variable, with its
 * type, default and bounds. Adding a variable is a property here, its field in AppConfig
 * (config.ts, where rules that join several variables live too) and a row in
 * docs/configuration.md's table, which test/config/config.spec.ts holds to this list.
 */
export class Environment {
  @OneOf(NODE_ENVIRONMENTS, { default: 'development' })
  NODE_ENV: (typeof NODE_ENVIRONMENTS)[number];

  /** 0 picks a free port. */
  @WholeNumber({ min: 0, max: 65535, default: 3000 })
  PORT: number;

  /** Unset means http://localhost:$PORT (see loadConfig). */
  @Url(['http:', 'https:'])
  PUBLIC_URL: string | undefined;

  /** Unset means: start an embedded PostgreSQL under DATA_DIR. */
  @Url(['postgres:', 'postgresql:'])
  DATABASE_URL: string | undefined;

  /** Connections of this process's pool. */
  @WholeNumber({ min: 1, max: 100, default: 10 })
  DATABASE_POOL_SIZE: number;

  /** Together with the query timeout, well under a proxy's deadline (nginx here: 30 s). */
  @WholeNumber({ min: 100, max: 10_000, default: 3000, of: 'milliseconds' })
  DATABASE_CONNECT_TIMEOUT_MS: number;

  @WholeNumber({ min: 100, max: 15_000, default: 5000, of: 'milliseconds' })
  DATABASE_QUERY_TIMEOUT_MS: number;

  @Text({ default: '.data' })
  DATA_DIR: string;

  @Text()
  TOUR_FILE: string | undefined;

  @Text({ default: path.join(__dirname, '..', '..', '..', 'frontend', 'dist') })
  FRONTEND_DIST: string;

  @Text({
    matches: /^(sk|rk)_(test|live)_/,
    expects: 'must be a Stripe secret key (sk_test_..., sk_live_...)',
    secret: true,
  })
  STRIPE_SECRET_KEY: string | undefined;

  @Text({ secret: true })
  STRIPE_WEBHOOK_SECRET: string | undefined;

  @Url(['http:', 'https:'])
  STRIPE_API_URL: string | undefined;

  @Flag({ default: false })
  SANDBOX_PAYMENTS: boolean;

  @Text({ secret: true })
  SANDBOX_WEBHOOK_SECRET: string | undefined;

  @Url(['smtp:', 'smtps:'])
  SMTP_URL: string | undefined;

  @Email({ default: 'Dream Darkroom <tickets@localhost>' })
  MAIL_FROM: string;

  @Text({ default: 'DREAMS-BUC' })
  CHAT_JOIN_CODE: string;

  @Email({ default: 'hello@localhost' })
  CONTACT_EMAIL: string;

  @Email({ default: 'press@localhost' })
  PRESS_EMAIL: string;

  /** The seller named on every receipt; its receipts are numbered without gaps. */
  @Text({ default: 'Dream Darkroom' })
  SELLER_NAME: string;

  @Text({ default: '' })
  SELLER_ADDRESS: string;

  /** The seller's tax id (CUI, partita IVA): each seller's receipts are numbered on their own. */
  @Text({ default: '' })
  SELLER_TAX_ID: string;

  /** Unset means a random one outside production (see loadConfig). */
  @Text({ secret: true })
  ADMIN_PASSWORD: string | undefined;

  @WholeNumber({ min: 1, max: 10080, default: 720, of: 'minutes' })
  ADMIN_SESSION_TTL_MINUTES: number;

  /** Stripe's Checkout Sessions live at least 30 minutes. */
  @WholeNumber({ min: 30, max: 1440, default: 30, of: 'minutes' })
  CHECKOUT_HOLD_MINUTES: number;

  @WholeNumber({ min: 0, max: 1440, default: 5, of: 'minutes' })
  HOLD_GRACE_MINUTES: number;

  /** Tests drive the sweeper and the outbox worker themselves (runOnce), so they default to off. */
  @Flag({ default: (env) => !underTest(env) })
  WORKERS: boolean;

  /**
   * How long a worker's claim on a queued email or refund lasts without renewal (it renews every
   * third of it while it works): a process that dies mid-batch leaves its rows to the other
   * processes after this long.
   */
  @WholeNumber({ min: 3, max: 3600, default: 30, of: 'seconds' })
  WORK_LEASE_SECONDS: number;

  /** Unset: no GET /metrics at all. */
  @Text({
    matches: /^[\x21-\x7e]{16,}$/,
    expects: 'must be at least 16 visible ASCII characters',
    secret: true,
  })
  METRICS_TOKEN: string | undefined;

  @OneOf(LOG_LEVELS, { default: 'info' })
  LOG_LEVEL: (typeof LOG_LEVELS)[number];

  @OneOf(LOG_FORMATS, {
    default: (env) => (env.NODE_ENV === 'production' || underTest(env) ? 'json' : 'pretty'),
  })
  LOG_FORMAT: (typeof LOG_FORMATS)[number];

  /** Express's `trust proxy`: a hop count, true or false, or addresses and subnets. */
  @Variable({
    default: 'loopback',
    parse: (raw) =>
      raw === 'true' || raw === 'false' ? raw === 'true' : /^\d+$/.test(raw) ? Number(raw) : raw,
    expects: 'must be a hop count, true, false, or addresses/subnets (loopback, 10.0.0.0/8, ...)',
    rules: (validation) => [
      ValidateBy(
        {
          name: 'isTrustProxy',
          validator: {
            validate: (value: unknown) => typeof value !== 'string' || /^[\w.:/,\s-]+$/.test(value),
          },
        },
        validation,
      ),
    ],
  })
  TRUST_PROXY: boolean | number | string;

  /** Per-address limits count an IPv6 client by its network of this many bits (one subscriber). */
  @WholeNumber({ min: 32, max: 128, default: 64 })
  CLIENT_IPV6_PREFIX_LENGTH: number;

  /** Per client address and window, fleet-wide; 0 turns the limit off. Tests fire many
   * registrations from one address and ask for a limit when they test it. */
  @WholeNumber({ min: 0, max: 1_000_000, default: (env) => (underTest(env) ? 0 : 20) })
  REGISTRATION_RATE_LIMIT: number;

  @WholeNumber({ min: 1, max: 86_400, default: 600 })
  REGISTRATION_RATE_WINDOW_SECONDS: number;

  /** Further dreams one registration may share in all. */
  @WholeNumber({ min: 0, max: 1000, default: 10 })
  SHARED_DREAMS_PER_REGISTRATION: number;

  /** Dream shares per window, per registration and per client address, fleet-wide; 0: off. */
  @WholeNumber({ min: 0, max: 1_000_000, default: 5 })
  DREAM_SHARE_RATE_LIMIT: number;

  @WholeNumber({ min: 1, max: 86_400, default: 600 })
  DREAM_SHARE_RATE_WINDOW_SECONDS: number;
  /** Seats one client address may hold unpaid at once, fleet-wide; 0 turns the cap off. Off
   * under test like the rate limit: tests fill slots from one address and ask for a cap when
   * they test it. */
  @WholeNumber({ min: 0, max: 1000, default: (env) => (underTest(env) ? 0 : 2) })
  UNPAID_HOLDS_PER_ADDRESS: number;

  /** Registration for a slot closes this many minutes before it starts (0: at its start). */
  @WholeNumber({ min: 0, max: 10_080, default: 0, of: 'minutes' })
  REGISTRATION_CLOSES_MINUTES_BEFORE: number;

  /** Signs the cancellation and offer links of the emails; unset means one kept in the database. */
  @Text({ secret: true })
  CANCELLATION_TOKEN_SECRET: string | undefined;

  /**
   * The Ed25519 key tickets are signed with, PKCS#8 PEM (newlines may be written as \n). Unset:
   * keys generated and kept in the database (see `npm run rotate-ticket-key`).
   */
  @Text({
    matches: /^-----BEGIN PRIVATE KEY-----/,
    expects: 'must be an Ed25519 private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)',
    secret: true,
  })
  TICKET_SIGNING_KEY: string | undefined;

  /** A visitor may cancel from their email until this many hours before the slot starts. */
  @WholeNumber({ min: 0, max: 8760, default: 24, of: 'hours' })
  CANCELLATION_CLOSES_HOURS_BEFORE: number;

  /**
   * Every seated person gets a reminder this many hours before their slot starts (at once when
   * their seat is taken later than that); 0 turns the reminders off.
   */
  @WholeNumber({ min: 0, max: 720, default: 24, of: 'hours' })
  REMINDER_HOURS_BEFORE: number;

  /** How long a seat offered from the waiting list is held for payment (Stripe: at most a day). */
  @WholeNumber({ min: 1, max: 1440, default: 720, of: 'minutes' })
  WAITING_LIST_OFFER_MINUTES: number;

  @WholeNumber({ min: 0, max: 600, default: 15 })
  SHUTDOWN_TIMEOUT_SECONDS: number;

  /** After SIGTERM, how long to keep accepting and serving (not ready) before stopping to accept.
   * No proxy stands in front of a test's process. */
  @WholeNumber({ min: 0, max: 120, default: (env) => (underTest(env) ? 0 : 5) })
  SHUTDOWN_DELAY_SECONDS: number;

  /** `make backup`'s file (else one named by the time) and `make restore`'s. */
  @Text()
  BACKUP_FILE: string | undefined;

  /** auto: pg_dump when the one on PATH can read the server, else the logical dump. */
  @OneOf(BACKUP_TOOLS, { default: 'auto' })
  BACKUP_TOOL: (typeof BACKUP_TOOLS)[number];
}
