import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import type { SqlExecutor } from '../event-store/sql-executor';
import { InvalidLinkError } from '../registrations/domain/registration-errors';

/**
 * What a link in an email lets its reader do: cancel their booking, or pay for a seat offered
 * from the waiting list. The link carries a signed token, never the bare registration id.
 */
export type LinkPurpose = 'cancel' | 'offer';

interface TokenBody {
  /** The registration. */
  r: string;
  p: LinkPurpose;
  /** Expiry, in seconds since the epoch. */
  e: number;
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/** `body.signature`, both base64url: the body names the registration, purpose and expiry. */
export function signLinkToken(
  secret: string,
  purpose: LinkPurpose,
  registrationId: string,
  expiresAt: Date,
): string {
  const body = Buffer.from(
    JSON.stringify({ r: registrationId, p: purpose, e: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The registration a token names, if its signature holds, its purpose is `purpose` and it is live. */
export function verifyLinkToken(
  secret: string,
  purpose: LinkPurpose,
  token: unknown,
  now: Date,
): string {
  if (typeof token !== 'string' || token.length > 1000) throw new InvalidLinkError('invalid');
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw new InvalidLinkError('invalid');
  const expected = mac(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidLinkError('invalid');
  }
  let parsed: Partial<TokenBody>;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenBody>;
  } catch {
    throw new InvalidLinkError('invalid');
  }
  if (parsed.p !== purpose || typeof parsed.r !== 'string' || typeof parsed.e !== 'number') {
    throw new InvalidLinkError('invalid');
  }
  if (parsed.e * 1000 <= now.getTime()) throw new InvalidLinkError('expired');
  return parsed.r;
}

const SETTING = 'cancellation_token_secret';

/** The links' secret when CANCELLATION_TOKEN_SECRET is unset: one row every process shares. */
async function storedSecret(sql: SqlExecutor): Promise<string> {
  await sql.query(
    `INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
    [SETTING, randomBytes(32).toString('base64url')],
  );
  const rows: { value: string }[] = await sql.query(
    'SELECT value FROM app_settings WHERE key = $1',
    [SETTING],
  );
  return rows[0].value;
}

/** The visitor's links of the emails: made by the outbox worker, checked by the pages' API. */
@Injectable()
export class VisitorLinks {
  private secret: Promise<string> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  private key(): Promise<string> {
    if (this.config.cancellationTokenSecret) {
      return Promise.resolve(this.config.cancellationTokenSecret);
    }
    this.secret ??= storedSecret(this.dataSource).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  /** The site's page for `purpose` (/cancel or /offer), with a token valid until `expiresAt`. */
  async url(purpose: LinkPurpose, registrationId: string, expiresAt: Date): Promise<string> {
    const token = signLinkToken(await this.key(), purpose, registrationId, expiresAt);
    return `${this.config.publicUrl}/${purpose}?token=${encodeURIComponent(token)}`;
  }

  async registrationOf(purpose: LinkPurpose, token: unknown, now: Date): Promise<string> {
    return verifyLinkToken(await this.key(), purpose, token, now);
  }
}
