import type { LiveTour } from '../../tour/live-tour';
import { formatDeadline } from '../../common/deadline';
import type { Locale } from '../../common/locale';
import { formatAmount } from '../../common/money';
import type { NotificationKind } from '../outbox';
import { renderCalendarInvitation } from './calendar-invitation';
import { fill, MESSAGE_TEXTS } from './message-texts';

/** The receipts' kinds: rendered with their PDF by renderReceipt (receipt.ts). */
export type ReceiptKind = 'payment-receipt' | 'refund-receipt';

export function isReceiptKind(kind: string): kind is ReceiptKind {
  return kind === 'payment-receipt' || kind === 'refund-receipt';
}

/** What a message is about, read from the registration when the message is sent. */
export interface MessageSubject {
  registrationId: string;
  name: string;
  event: string;
  time: string;
  locale: Locale;
}

export interface MessageSettings {
  chatJoinCode: string;
  contactEmail: string;
  publicUrl: string;
}

/**
 * The visitor's links a message carries, signed for them when it is sent (VisitorLinks): where
 * to cancel (a seat's confirmation) and where to pay for an offered seat (an offer).
 */
export interface MessageLinks {
  /** `refunds`: whether cancelling gives money back (the seat was paid through the provider). */
  cancel?: { url: string; until: Date; refunds: boolean };
  offer?: { url: string; until: Date };
  /** Moving the booking to another slot, and handing it on, while the change window is open. */
  move?: { url: string; until: Date };
  handOn?: { url: string; until: Date };
}

/** A search for the venue on OpenStreetMap: the reminder's map link. */
export function mapUrlOf(venue: string, city: string): string {
  // Parentheses and quotes encoded too: a sentence may wrap the link in parentheses.
  const query = encodeURIComponent(`${venue}, ${city}`).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `https://www.openstreetmap.org/search?query=${query}`;
}

/** A seat's ticket, shown in its confirmation: the code and its QR code (PNG). */
export interface MessageTicket {
  code: string;
  qrPng: Buffer;
}

export interface MessageAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
  /** Set for an inline image the HTML shows as `cid:<cid>`. */
  cid?: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  attachments: MessageAttachment[];
}

/** The Content-ID of the ticket's QR image in a confirmation. */
export const TICKET_QR_CID = 'ticket-qr';

/** The QR's width in the email, in CSS pixels (its PNG has 8 pixels a module, drawn at 4). */
const TICKET_QR_WIDTH = 240;

const PERFORMANCE_MINUTES = 45;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export interface Block {
  heading?: string;
  paragraphs?: string[];
  details?: [string, string][];
  /** The ticket: its QR as an inline image, and its code written out. */
  ticket?: { alt: string; codeLabel: string; code: string };
}

/**
 * A link as the HTML part shows it: an anchor whose words are the address's site and page
 * (`dreamdarkroom.ro/cancel`), never its token, so that no unbroken string widens the email
 * beyond a phone's screen; the text part keeps the whole address.
 */
function anchor(url: string): string {
  let label = url;
  try {
    const parsed = new URL(url);
    label = `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    // Not an address: shown as it is.
  }
  return (
    `<a href="${escapeHtml(url)}" style="color:#9ecbff;text-decoration:underline;` +
    `overflow-wrap:anywhere">${escapeHtml(label)}</a>`
  );
}

/** A paragraph's HTML: escaped, each of `links` it quotes made a link. */
function paragraphHtml(paragraph: string, links: readonly string[]): string {
  let html = escapeHtml(paragraph);
  for (const url of links) {
    if (url) html = html.split(escapeHtml(url)).join(anchor(url));
  }
  return html;
}

/** A message's text and HTML from its greeting, blocks and sign-off (every email's one layout). */
export function compose(
  greeting: string,
  blocks: Block[],
  signOff: string,
  links: readonly string[] = [],
): { text: string; html: string } {
  const text: string[] = [greeting, ''];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`];
  for (const block of blocks) {
    if (block.heading) {
      text.push(block.heading, '-'.repeat(block.heading.length));
      html.push(`<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(block.heading)}</h2>`);
    }
    for (const [label, value] of block.details ?? []) text.push(`${label}: ${value}`);
    if (block.details?.length) {
      html.push(
        '<table role="presentation" style="border-collapse:collapse">' +
          block.details
            .map(
              ([label, value]) =>
                `<tr><td style="padding:2px 16px 2px 0;color:#aaa">${escapeHtml(label)}</td>` +
                `<td style="padding:2px 0"><strong>${escapeHtml(value)}</strong></td></tr>`,
            )
            .join('') +
          '</table>',
      );
    }
    for (const paragraph of block.paragraphs ?? []) {
      text.push(paragraph);
      html.push(`<p>${paragraphHtml(paragraph, links)}</p>`);
    }
    if (block.ticket) {
      // Dark modules on a white, padded ground: read by a phone in a dark room and on paper.
      html.push(
        `<p style="margin:16px 0"><img src="cid:${TICKET_QR_CID}" width="${TICKET_QR_WIDTH}" ` +
          `height="${TICKET_QR_WIDTH}" alt="${escapeHtml(block.ticket.alt)}" ` +
          'style="display:block;background:#ffffff;padding:12px;border-radius:4px"></p>',
      );
      text.push(`${block.ticket.codeLabel}: ${block.ticket.code}`);
      html.push(
        `<p style="font-family:monospace;font-size:11px;word-break:break-all;color:#aaa">` +
          `${escapeHtml(block.ticket.codeLabel)}: ${escapeHtml(block.ticket.code)}</p>`,
      );
    }
    text.push('');
  }
  text.push(signOff);
  html.push(`<p>${escapeHtml(signOff).replace(/\n/g, '<br>')}</p>`);
  return {
    text: text.join('\n'),
    html:
      '<!doctype html><html><body style="margin:0;padding:24px;background:#0b0b0f;color:#eeeeee;' +
      'font-family:Georgia,serif;font-size:16px;line-height:1.5">' +
      `<div style="max-width:560px;margin:0 auto">${html.join('\n')}</div></body></html>`,
  };
}

/** A slot as a message names it: its stop's city and its start, in the show's zone. */
function slotNamed(catalogue: LiveTour, event: unknown, time: unknown, locale: Locale): string {
  if (typeof event !== 'string' || typeof time !== 'string') return '';
  const found = catalogue.findSlot(event, time);
  if (!found) return event;
  const city = catalogue.placeNames(found.event, locale).city;
  return `${city}, ${formatDeadline(new Date(found.slot.startsAt), locale, found.event.timeZone)}`;
}

/** Renders one of the messages in the registration's language. */
export function renderMessage(
  kind: Exclude<NotificationKind, ReceiptKind>,
  subject: MessageSubject,
  catalogue: LiveTour,
  settings: MessageSettings,
  payload: Record<string, unknown> = {},
  now: Date = new Date(),
  links: MessageLinks = {},
  ticket?: MessageTicket,
): RenderedMessage {
  const t = MESSAGE_TEXTS[subject.locale] ?? MESSAGE_TEXTS.en;
  const found = catalogue.findSlot(subject.event, subject.time);
  const names = found ? catalogue.placeNames(found.event, subject.locale) : undefined;
  const city = names?.city ?? subject.event;
  const venue = names?.venue ?? city;
  const startsAt = found ? new Date(found.slot.startsAt) : undefined;
  const moment = (date: Date | undefined) =>
    date ? formatDeadline(date, subject.locale, found?.event.timeZone) : '';
  // The slot's start as its reader's clock in the show's zone has it, the zone named.
  const when = startsAt ? moment(startsAt) : subject.time;
  const mapUrl = mapUrlOf(venue, city);
  // The stop's own price, in its own currency.
  const stopPrice = found
    ? catalogue.priceOf(found.event)
    : { amountMinor: 0, currency: catalogue.currency };
  const values = {
    cancelUrl: links.cancel?.url ?? '',
    cancelUntil: moment(links.cancel?.until),
    offerUrl: links.offer?.url ?? '',
    offerUntil: moment(links.offer?.until),
    moveUrl: links.move?.url ?? '',
    handOnUrl: links.handOn?.url ?? '',
    changeUntil: moment(links.move?.until ?? links.handOn?.until),
    mapUrl,
    name: subject.name,
    event: city,
    when,
    venue,
    code: settings.chatJoinCode,
    contact: settings.contactEmail,
    // A payment's or refund's own amount where the message carries one; the stop's price otherwise.
    amount: formatAmount(
      typeof payload.amountMinor === 'number' ? payload.amountMinor : stopPrice.amountMinor,
      typeof payload.currency === 'string' && payload.currency
        ? payload.currency
        : stopPrice.currency,
      subject.locale,
    ),
    paid: formatAmount(
      typeof payload.amountMinor === 'number' ? payload.amountMinor : 0,
      typeof payload.currency === 'string' && payload.currency
        ? payload.currency
        : stopPrice.currency,
      subject.locale,
    ),
    price: formatAmount(stopPrice.amountMinor, stopPrice.currency, subject.locale),
    // The slot a move waiting for its difference goes to, and until when its seat is held.
    moveTo: slotNamed(catalogue, payload.event, payload.time, subject.locale),
    moveUntil: moment(
      typeof payload.expiresAt === 'string' ? new Date(payload.expiresAt) : undefined,
    ),
  };
  const f = (template: string) => fill(template, values);
  const details: [string, string][] = [
    [t.eventLabel, city],
    [t.whenLabel, when],
    [t.venueLabel, venue],
  ];
  const ticketBlock: Block[] = ticket
    ? [
        {
          heading: t.ticketHeading,
          paragraphs: [t.ticketInstructions],
          ticket: { alt: t.ticketImageAlt, codeLabel: t.ticketCodeLabel, code: ticket.code },
        },
      ]
    : [];
  const attendance: Block[] = [
    ...ticketBlock,
    { paragraphs: [t.arriveEarly, t.performanceLength] },
    { heading: t.chatHeading, paragraphs: [f(t.chatInstructions)] },
    {
      paragraphs: [
        f(
          !links.cancel
            ? t.cancellation
            : links.cancel.refunds
              ? t.cancellationLink
              : t.cancellationLinkNothingPaid,
        ),
        ...(links.cancel && links.move && links.handOn ? [f(t.changeLinks)] : []),
      ],
    },
  ];

  let subjectLine: string;
  let blocks: Block[];
  let invite = false;
  let ticketShown = false;
  switch (kind) {
    case 'payment-confirmed':
      subjectLine = f(t.paymentConfirmedSubject);
      blocks = [
        { paragraphs: [t.paymentConfirmedIntro] },
        { heading: t.detailsHeading, details: [...details, [t.priceLabel, values.amount]] },
        ...attendance,
        { paragraphs: [t.calendarNote] },
      ];
      invite = true;
      ticketShown = true;
      break;
    case 'waiting-list-confirmed':
      subjectLine = f(t.waitingListConfirmedSubject);
      blocks = [
        { paragraphs: [t.waitingListConfirmedIntro] },
        { heading: t.detailsHeading, details },
        ...attendance,
        { paragraphs: [t.calendarNote] },
      ];
      invite = true;
      ticketShown = true;
      break;
    case 'show-reminder':
      subjectLine = f(t.reminderSubject);
      blocks = [
        { paragraphs: [t.reminderIntro] },
        { heading: t.detailsHeading, details },
        { paragraphs: [f(t.reminderMap)] },
        ...ticketBlock,
        { paragraphs: [t.arriveEarly, t.performanceLength] },
        {
          heading: t.reminderChangeHeading,
          paragraphs:
            links.move && links.handOn
              ? [
                  f(t.reminderChange),
                  f(links.cancel?.refunds ? t.cancellationLink : t.cancellationLinkNothingPaid),
                ]
              : [f(t.reminderNoChange)],
        },
      ];
      ticketShown = true;
      break;
    case 'waiting-list-joined':
      subjectLine = f(t.waitingListJoinedSubject);
      blocks = [
        { paragraphs: [t.waitingListJoinedIntro] },
        { heading: t.detailsHeading, details },
        { paragraphs: [t.waitingListJoinedNoPayment, t.waitingListJoinedNext, f(t.questions)] },
      ];
      break;
    case 'late-payment-refunded':
      subjectLine = f(t.lateRefundSubject);
      blocks = [
        { paragraphs: [t.lateRefundIntro] },
        { heading: t.detailsHeading, details },
        { paragraphs: [f(t.lateRefundAmount), t.lateRefundNext, f(t.questions)] },
      ];
      break;
    case 'payment-refunded':
      subjectLine = f(t.refundSubject);
      blocks = [
        {
          paragraphs: [
            payload.reason === 'amount-mismatch'
              ? f(t.refundWrongAmountIntro)
              : payload.reason === 'late-payment-slot-closed'
                ? t.refundSlotClosedIntro
                : payload.reason === 'move-difference-unused'
                  ? t.refundMoveUnusedIntro
                  : t.refundSecondPaymentIntro,
          ],
        },
        { heading: t.detailsHeading, details },
        { paragraphs: [f(t.lateRefundAmount), t.refundNext, f(t.questions)] },
      ];
      break;
    case 'registration-cancelled':
      subjectLine = f(t.cancelledSubject);
      blocks = [
        {
          paragraphs: [
            payload.by === 'visitor' ? t.cancelledByVisitorIntro : t.cancelledByOperatorIntro,
          ],
        },
        { heading: t.detailsHeading, details },
        {
          paragraphs: [
            ...(payload.refund === true
              ? [f(t.cancelledRefund)]
              : payload.paid === true
                ? [t.cancelledNoRefund]
                : []),
            f(t.questions),
          ],
        },
      ];
      break;
    case 'booking-moved': {
      subjectLine = f(t.movedSubject);
      const seated = ticket !== undefined;
      const difference = {
        paid: t.movedDifferencePaid,
        refunded: t.movedDifferenceRefunded,
        waived: t.movedDifferenceWaived,
      }[String(payload.difference)];
      blocks = [
        { paragraphs: [seated ? t.movedIntro : t.movedWaitingIntro] },
        { heading: t.detailsHeading, details },
        ...(difference ? [{ paragraphs: [f(difference)] }] : []),
        ...(seated ? [...attendance, { paragraphs: [t.movedOldTicket, t.calendarNote] }] : []),
        { paragraphs: [f(t.questions)] },
      ];
      invite = seated;
      break;
    }
    case 'booking-received':
      subjectLine = f(t.receivedSubject);
      blocks = [
        { paragraphs: [t.receivedIntro] },
        { heading: t.detailsHeading, details },
        ...attendance,
        { paragraphs: [t.calendarNote] },
      ];
      invite = true;
      break;
    case 'booking-handed-on':
      subjectLine = f(t.handedOnSubject);
      blocks = [
        { paragraphs: [t.handedOnIntro] },
        { heading: t.detailsHeading, details },
        { paragraphs: [t.handedOnErased, f(t.questions)] },
      ];
      break;
    case 'move-difference-due':
      subjectLine = f(t.moveDueSubject);
      blocks = [
        { paragraphs: [f(t.moveDueIntro)] },
        { paragraphs: [f(t.moveDuePay), t.moveDueLapse] },
        { heading: t.detailsHeading, details },
        { paragraphs: [f(t.questions)] },
      ];
      break;
    case 'waiting-list-offer':
      subjectLine = f(t.offerSubject);
      blocks = [
        { paragraphs: [t.offerIntro] },
        { heading: t.detailsHeading, details },
        { paragraphs: [f(t.offerPay), t.offerLapse, f(t.questions)] },
      ];
      break;
  }
  const body = compose(f(t.greeting), blocks, t.signOff, [
    values.cancelUrl,
    values.offerUrl,
    values.moveUrl,
    values.handOnUrl,
    mapUrl,
  ]);
  const attachments: MessageAttachment[] = [];
  if (ticketShown && ticket) {
    attachments.push({
      filename: 'ticket.png',
      content: ticket.qrPng,
      contentType: 'image/png',
      cid: TICKET_QR_CID,
    });
  }
  if (invite && startsAt) {
    const host = new URL(settings.publicUrl).hostname || 'localhost';
    attachments.push({
      filename: 'invitation.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: renderCalendarInvitation({
        uid: `registration-${subject.registrationId}@${host}`,
        startsAt,
        durationMinutes: PERFORMANCE_MINUTES,
        summary: f(t.calendarSummary),
        description: t.calendarDescription,
        location: venue,
        stampedAt: now,
      }),
    });
  }
  return { subject: subjectLine, text: body.text, html: body.html, attachments };
}

/** What an operator's invitation says: read from its outbox row and the operator's name. */
export interface InvitationSubject {
  name: string;
  role: 'box-office' | 'door';
  locale: Locale;
  joinUrl: string;
  expiresAt: Date;
  /** The zone the deadline is written in (the tour's). */
  timeZone: string | undefined;
}

/** Renders an operator's invitation to the Command Center, in the inviter's language. */
export function renderInvitation(invitation: InvitationSubject): RenderedMessage {
  const t = MESSAGE_TEXTS[invitation.locale] ?? MESSAGE_TEXTS.en;
  const values = {
    name: invitation.name,
    role: invitation.role === 'door' ? t.roleDoor : t.roleBoxOffice,
    joinUrl: invitation.joinUrl,
    until: formatDeadline(invitation.expiresAt, invitation.locale, invitation.timeZone),
  };
  const f = (template: string) => fill(template, values);
  const body = compose(
    f(t.greeting),
    [
      { paragraphs: [f(t.invitationIntro)] },
      { paragraphs: [f(t.invitationJoin), f(t.invitationExpiry), t.invitationIgnore] },
    ],
    t.signOff,
    [invitation.joinUrl],
  );
  return { subject: t.invitationSubject, text: body.text, html: body.html, attachments: [] };
}

export interface OperatorNoticeSubject {
  name: string;
  change:
    | 'passkey-added'
    | 'passkey-removed'
    | 'totp-set-up'
    | 'recovery-codes-renewed'
    | 'second-factor-reset';
  by: 'self' | 'owner';
  passkeyName?: string;
  at: Date;
  locale: Locale;
  timeZone: string | undefined;
}

/** Renders the email that tells an operator a sign-in factor of theirs changed, and by whom. */
export function renderOperatorNotice(notice: OperatorNoticeSubject): RenderedMessage {
  const t = MESSAGE_TEXTS[notice.locale] ?? MESSAGE_TEXTS.en;
  const what = {
    'passkey-added': t.noticePasskeyAdded,
    'passkey-removed': t.noticePasskeyRemoved,
    'totp-set-up': t.noticeTotpSetUp,
    'recovery-codes-renewed': t.noticeRecoveryCodesRenewed,
    'second-factor-reset': t.noticeSecondFactorReset,
  }[notice.change];
  const values = {
    name: notice.name,
    passkey: notice.passkeyName ?? '',
    when: formatDeadline(notice.at, notice.locale, notice.timeZone),
    who: notice.by === 'owner' ? t.noticeByOwner : t.noticeBySelf,
  };
  const f = (template: string) => fill(template, values);
  const body = compose(
    f(t.greeting),
    [{ paragraphs: [f(what), f(t.noticeBy)] }, { paragraphs: [t.noticeNotYou] }],
    t.signOff,
  );
  return { subject: t.noticeSubject, text: body.text, html: body.html, attachments: [] };
}
