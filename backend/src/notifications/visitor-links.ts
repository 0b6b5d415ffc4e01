import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config.token';
import { LiveTour } from '../tour/live-tour';
import type { AppConfig } from '../config/config';
import type { ParameterRule } from '../common/parameter-rule';
import type { Locale } from '../common/locale';
import type { SqlExecutor } from '../event-store/sql-executor';
import { isRegistrationId } from '../common/registration-id';
import { InvalidLinkError } from './invalid-link-error';
import { RegistrationSlots } from '../payments/registration-slots';

/**
 * What a link in an email lets its reader do: cancel their booking, move it to another slot,
 * hand it on to someone else, pay for a seat offered from the waiting list, or join the Command
 * Center (an operator's invitation). The link
 * carries a signed token, never the bare id it names.
 */
export type LinkPurpose = 'cancel' | 'offer' | 'invitation' | 'move' | 'hand-on';

/** The site's page each link opens. */
const LINK_PAGES: Record<LinkPurpose, string> = {
  cancel: '/cancel',
  offer: '/offer',
  invitation: '/admin/join',
  move: '/move',
  'hand-on': '/hand-on',
};

interface TokenBody {
  /** What the link names: the registration, or the operator's invitation. */
  r: string;
  p: LinkPurpose;
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/** base64url without padding, the only spelling a link's parts are signed and compared in. */
const CANONICAL_PART = /^[A-Za-z0-9_-]+$/;

/**
 * A link's token as a request carries it: `body.signature`, both base64url. The body holds a
 * registration id and a purpose (about 70 characters), the signature 43: well under the bound.
 */
export const LINK_TOKEN: ParameterRule = {
  maxLength: 256,
  pattern: /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
  shape: "the token of an email's link, as it was sent",
};

/**
 * `body.signature`, both base64url: the body names the registration and the purpose. It names no
 * deadline: a link lives as long as its registration's slot says (VisitorLinks.registrationOf),
 * so a slot moved after the email was sent moves the link's end with it.
 */
export function signLinkToken(secret: string, purpose: LinkPurpose, subject: string): string {
  const body = Buffer.from(JSON.stringify({ r: subject, p: purpose })).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/**
 * What a token names (a registration, an invitation), if its signature holds and its purpose is `purpose`. The
 * signature is compared as the exact characters it was issued in: padding, standard base64's
 * `+`/`/` or any stray character make the link invalid, even where a lenient decoder would read
 * the same bytes.
 */
export function verifyLinkToken(secret: string, purpose: LinkPurpose, token: unknown): string {
  if (typeof token !== 'string' || token.length > LINK_TOKEN.maxLength)
    throw new InvalidLinkError('invalid');
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw new InvalidLinkError('invalid');
  if (!CANONICAL_PART.test(body) || !CANONICAL_PART.test(signature)) {
    throw new InvalidLinkError('invalid');
  }
  const expected = Buffer.from(mac(secret, body).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidLinkError('invalid');
  }
  let parsed: Partial<TokenBody>;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenBody>;
  } catch {
    throw new InvalidLinkError('invalid');
  }
  if (parsed.p !== purpose || typeof parsed.r !== 'string') throw new InvalidLinkError('invalid');
  return parsed.r;
}

/**
 * A visitor's link lives until its registration's slot starts, read from the tour as it is now
 * (an offer's link too: an offer never outlasts its slot's registration, and after it lapsed or
 * was taken the page says so rather than calling the link invalid).
 */
export function visitorLinkLive(slotStartsAt: Date, now: Date): boolean {
  return now.getTime() < slotStartsAt.getTime();
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
    private readonly catalogue: LiveTour,
    private readonly registrationSlots: RegistrationSlots,
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

  /**
   * The site's page for `purpose` (/cancel, /offer, /admin/join…), with a token for `subject`,
   * and, given the email's language, `lang`: the page opens in the language the email speaks.
   */
  async url(purpose: LinkPurpose, subject: string, language?: Locale): Promise<string> {
    const token = signLinkToken(await this.key(), purpose, subject);
    const lang = language ? `&lang=${language}` : '';
    return `${this.config.publicUrl}${LINK_PAGES[purpose]}?token=${encodeURIComponent(token)}${lang}`;
  }

  /** What a link's token names, if it was signed here for `purpose` (InvalidLinkError if not). */
  async subjectOf(purpose: LinkPurpose, token: unknown): Promise<string> {
    return verifyLinkToken(await this.key(), purpose, token);
  }

  /**
   * The registration a link names, while the link lives (until the registration's slot starts,
   * as the tour has it at `now`). A registration no longer there is left to the caller (404).
   */
  async registrationOf(purpose: LinkPurpose, token: unknown, now: Date): Promise<string> {
    const id = verifyLinkToken(await this.key(), purpose, token);
    if (!isRegistrationId(id)) throw new InvalidLinkError('invalid');
    const row = await this.registrationSlots.slotOf(this.dataSource, id);
    const startsAt = row && this.catalogue.startOf(row.event, row.time);
    if (startsAt && !visitorLinkLive(startsAt, now)) throw new InvalidLinkError('expired');
    return id;
  }
}
