import { Controller, Get, Inject, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LiveTour } from '../../tour/live-tour';
import type { Locale } from '../../common/locale';
import { formatAmount } from '../../common/money';
import { RegistrationSlots } from '../registration-slots';
import { PaymentGateway } from '../payment-gateway';
import { signWebhookPayload } from '../webhook/verify-webhook';
import { checkTestCard, type CardFields } from './sandbox-card';
import { SANDBOX_PAGE_TEXTS, type SandboxPageTexts } from './sandbox-page-texts';
import {
  effectiveStatus,
  isSandboxSessionId,
  SandboxPaymentGateway,
  type SandboxSessionRow,
} from './sandbox-payment-gateway';

const FORM_LIMIT = 4096;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function asLocale(value: string): Locale {
  return value === 'it' || value === 'ro' ? value : 'en';
}

async function readForm(request: Request): Promise<CardFields> {
  const parsed: unknown = request.body;
  if (parsed && typeof parsed === 'object' && !Buffer.isBuffer(parsed)) {
    // An urlencoded body parser got there first.
    const fields = parsed as Record<string, unknown>;
    const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : undefined);
    return { cardNumber: text('cardNumber'), expiry: text('expiry'), cvc: text('cvc') };
  }
  if (request.readableEnded) return {};
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > FORM_LIMIT) break;
  }
  const form = new URLSearchParams(body.slice(0, FORM_LIMIT));
  return {
    cardNumber: form.get('cardNumber') ?? undefined,
    expiry: form.get('expiry') ?? undefined,
    cvc: form.get('cvc') ?? undefined,
  };
}

/** The stable id of the one 'completed' event of a sandbox session (so redelivery is a replay). */
export function sandboxCompletedEventId(sessionId: string): string {
  return `evt_sandbox_completed_${sessionId.replace(/^cs_sandbox_/, '')}`;
}

/** A Stripe-shaped `checkout.session.completed` event for a paid sandbox session. */
export function sandboxCompletedEvent(row: SandboxSessionRow, now: Date): Record<string, unknown> {
  const seconds = Math.floor(now.getTime() / 1000);
  return {
    id: sandboxCompletedEventId(row.id),
    object: 'event',
    api_version: null,
    created: seconds,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: row.id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_subtotal: row.amount_minor,
        amount_total: row.amount_minor,
        currency: row.currency,
        client_reference_id: row.registration_id,
        metadata: { registrationId: row.registration_id },
        payment_intent: row.payment_intent_id,
        locale: row.locale,
        expires_at: Math.floor(row.expires_at.getTime() / 1000),
        success_url: row.success_url,
        cancel_url: row.cancel_url,
        livemode: false,
      },
    },
  };
}

/**
 * The sandbox's stand-in for Stripe's hosted checkout page: a card form in the registration's
 * language. Paying delivers a signed `checkout.session.completed` to this server's own webhook,
 * exactly as Stripe would, then goes on to the success page.
 */
@ApiExcludeController()
@Controller()
export class SandboxCheckoutHttpController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: LiveTour,
    private readonly gateway: PaymentGateway,
    private readonly registrationSlots: RegistrationSlots,
  ) {}

  private sandbox(): SandboxPaymentGateway {
    if (!(this.gateway instanceof SandboxPaymentGateway)) {
      throw new NotFoundException('The sandbox is not in use');
    }
    return this.gateway;
  }

  private async session(sessionId: string): Promise<SandboxSessionRow> {
    // A malformed id names no session (and a NUL in it would reach PostgreSQL).
    const row = isSandboxSessionId(sessionId)
      ? await this.sandbox().findSession(sessionId)
      : undefined;
    if (!row) throw new NotFoundException('This checkout session does not exist');
    return row;
  }

  @Get('sandbox/checkout/:sessionId')
  async page(@Param('sessionId') sessionId: string, @Res() response: Response): Promise<void> {
    const row = await this.session(sessionId);
    const status = effectiveStatus(row, new Date());
    if (status === 'complete') {
      response.redirect(303, this.successUrl(row));
      return;
    }
    await this.render(response, row, status === 'expired' ? 410 : 200);
  }

  @Post('sandbox/checkout/:sessionId')
  async pay(
    @Param('sessionId') sessionId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const row = await this.session(sessionId);
    const fields = await readForm(request);
    const now = new Date();
    const status = effectiveStatus(row, now);
    if (status === 'expired') {
      await this.render(response, row, 410);
      return;
    }
    if (status === 'open') {
      const check = checkTestCard(fields, now);
      if (check.outcome === 'refused') {
        await this.render(response, row, check.message === 'declined' ? 402 : 400, check.message);
        return;
      }
    }
    const paid = await this.sandbox().completeSession(sessionId, now);
    if (!paid || paid.status !== 'complete') {
      await this.render(response, row, 410);
      return;
    }
    const delivered = await this.deliver(paid, now, request);
    if (!delivered) {
      await this.render(response, paid, 502, 'notRecorded');
      return;
    }
    response.redirect(303, this.successUrl(paid));
  }

  private successUrl(row: SandboxSessionRow): string {
    return row.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(row.id));
  }

  /** Posts the signed event to this very server's webhook endpoint, as Stripe would. */
  private async deliver(row: SandboxSessionRow, now: Date, request: Request): Promise<boolean> {
    const payload = JSON.stringify(sandboxCompletedEvent(row, now));
    const signature = signWebhookPayload(payload, await this.gateway.webhookSecret());
    const port = request.socket.localPort;
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) sandbox',
          'x-request-id': `sandbox-${randomBytes(6).toString('hex')}`,
        },
        body: payload,
        signal: AbortSignal.timeout(15_000),
      });
      return answer.ok;
    } catch {
      return false;
    }
  }

  private async render(
    response: Response,
    row: SandboxSessionRow,
    status: number,
    error?: keyof SandboxPageTexts,
  ): Promise<void> {
    const locale = asLocale(row.locale);
    const t = SANDBOX_PAGE_TEXTS[locale];
    // A move's difference pays for the slot it moves to, which its description names.
    const difference = row.purpose === 'move-difference';
    const registration = difference
      ? undefined
      : await this.registrationSlots.slotOf(this.dataSource, row.registration_id);
    const found = registration
      ? this.catalogue.findSlot(registration.event, registration.time)
      : undefined;
    const eventName = found ? this.catalogue.placeNames(found.event, locale).city : row.description;
    // The slot by its current start, never its key (the stale name of a moved slot).
    const slot = found ? this.catalogue.slotLabel(found.event.slug, found.slot.time, locale) : '';
    const amount = formatAmount(row.amount_minor, row.currency, locale);
    const expired = status === 410;
    const e = escapeHtml;
    const field = (name: string, label: string, attributes: string) =>
      `<label for="${name}">${e(label)}</label>
<input id="${name}" name="${name}" ${attributes} required>`;
    const form = expired
      ? `<p role="alert" class="error">${e(t.expired)}</p>
<p><a href="${e(row.cancel_url)}">${e(t.backToSite)}</a></p>`
      : `${error ? `<p role="alert" class="error">${e(t[error])}</p>` : ''}
<form method="post" action="/sandbox/checkout/${e(encodeURIComponent(row.id))}">
${field('cardNumber', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23"')}
<div class="row"><div>${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" maxlength="7"')}</div>
<div>${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"')}</div></div>
<button type="submit">${e(t.pay.replace('{amount}', amount))}</button>
</form>
<p class="hint">${e(t.testCards)}</p>
<p><a href="${e(row.cancel_url)}">${e(t.cancel)}</a></p>`;
    response
      .status(status)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
      .send(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(t.title)}: ${e(eventName)}</title>
<style>
body{margin:0;background:#0b0b0f;color:#eee;font:16px/1.5 system-ui,sans-serif}
main{max-width:440px;margin:40px auto;padding:0 20px}
.notice{border:1px solid #d4a017;color:#f5d06f;padding:10px 12px;border-radius:6px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}dt{color:#aaa}dd{margin:0}
label{display:block;margin-top:14px}
input{width:100%;box-sizing:border-box;padding:10px;border-radius:6px;border:1px solid #555;background:#16161d;color:#eee;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:6px;background:#eee;color:#0b0b0f;font-size:16px;font-weight:600;cursor:pointer}
.error{background:#3a1116;border:1px solid #c0392b;color:#ffb3ab;padding:10px 12px;border-radius:6px}
.hint{color:#aaa;font-size:14px}a{color:#9ecbff}
</style></head>
<body><main>
<h1>${e(t.title)}</h1>
<p class="notice">${e(t.testNotice)}</p>
<h2>${e(difference ? t.differenceSummary : t.summary)}</h2>
<dl>${
      difference
        ? `<dt>${e(t.slotLabel)}</dt><dd>${e(row.description)}</dd>`
        : `<dt>${e(t.eventLabel)}</dt><dd>${e(eventName)}</dd>
<dt>${e(t.slotLabel)}</dt><dd>${e(slot)}</dd>`
    }
<dt>${e(t.amountLabel)}</dt><dd>${e(amount)}</dd></dl>
${form}
</main></body></html>`);
  }
}
