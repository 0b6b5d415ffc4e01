import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LiveTour } from '../tour/live-tour';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { visitorCancellationClosesAt } from '../tour/domain/registration-window';
import { MailTransport, type OutgoingMail } from './mail-transport';
import {
  EarlierMessageFacts,
  isFormerHolderNotice,
  messageFactsOfRow,
  messageFactsReadable,
  openMessageFacts,
  type MessageFacts,
} from './message-facts';
import {
  renderInvitation,
  isReceiptKind,
  renderMessage,
  renderOperatorNotice,
  type MessageLinks,
} from './messages/render-message';
import { isReceiptFacts, renderReceipt, type ReceiptFacts } from './messages/receipt';
import {
  markOutboxRowSent,
  NOTIFICATION_KINDS,
  OPERATOR_INVITATION,
  SHOW_REMINDER,
  OPERATOR_NOTICE,
  postponeOutboxRow,
  type ClaimedInvitationRow,
  type ClaimedNoticeRow,
  type ClaimedOutboxRow,
  type NotificationKind,
  TICKET_KINDS,
  workThroughOutbox,
} from './outbox';
import { findOperator, type OperatorRow } from '../auth/operator-view';
import { redactAddresses } from '../logging/redact-addresses';
import {
  afterBatch,
  BACKLOG_REST_MS,
  type MORE_DUE,
  PollingWorker,
} from '../common/polling-worker';
import { VisitorLinks, type LinkPurpose } from './visitor-links';
import { LeaseRecoveries } from './lease-recoveries';
import { TicketIssuer } from './ticket-issuer';
import { shredPersonalDataKey } from '../personal-data/personal-data-vault';

export { retryDelayMs } from './outbox';

const POLL_INTERVAL_MS = 2_000;
/**
 * Messages a pass takes for each the transport sends at once: 10 for the `.eml` files, 40 for
 * SMTP's pool of 4, so that every connection has a run of messages to send, not one or two.
 */
export const OUTBOX_BATCH = 10;

export interface OutboxRunResult {
  sent: number;
  failed: number;
  cancelled: number;
}

type ClaimedRow = ClaimedOutboxRow & { kind: (typeof NOTIFICATION_KINDS)[number] };

/** A message as rendered for its recipient, before the outbox names and sends it. */
type RenderedMail = Omit<OutgoingMail, 'messageId' | 'from'>;

/**
 * Sends the outbox. A pass claims a few due rows (FOR UPDATE SKIP LOCKED, so several processes
 * never claim the same row) by pushing their due time a lease ahead and counting the attempt,
 * then sends each and marks it sent: as many recipients' at once as the transport takes (SMTP's
 * pool), one recipient's in the order queued. A process that dies between sending and marking
 * leaves the row to come back when the lease ends: sent again with the same Message-ID (at
 * least once), never lost. A row carries what its message needs to know of its registration
 * (MessageFacts), sealed with the registration's key: the message is rendered from the row and
 * the tour, and a registration erased meanwhile (its key shredded) cancels its rows.
 */
@Injectable()
export class OutboxWorker extends PollingWorker {
  /**
   * How long a claim lasts unrenewed (WORK_LEASE_SECONDS); public so that a test can shorten it
   * and watch a renewal and a recovery in seconds.
   */
  leaseMs: number;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalogue: LiveTour,
    private readonly transport: MailTransport,
    private readonly links: VisitorLinks,
    private readonly tickets: TicketIssuer,
    private readonly earlierFacts: EarlierMessageFacts,
    @Optional() private readonly recoveries?: LeaseRecoveries,
  ) {
    super('Outbox pass', POLL_INTERVAL_MS, config.workers, BACKLOG_REST_MS);
    this.leaseMs = config.workLeaseMs;
  }

  /** One pass; after a whole batch with some of it sent, the next follows (afterBatch). */
  protected async pass(): Promise<typeof MORE_DUE | undefined> {
    const { sent, failed, cancelled } = await this.runOnce();
    return afterBatch(this.batch, sent + failed + cancelled, sent);
  }

  override onApplicationBootstrap(): void {
    if (this.config.workers) {
      this.logger.log(`Outbox worker sending through ${this.transport.description}`);
    }
    super.onApplicationBootstrap();
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    this.transport.close();
  }

  /** The messages a pass takes (OUTBOX_BATCH for each the transport sends at once). */
  private get batch(): number {
    return OUTBOX_BATCH * this.transport.concurrency;
  }

  /** After a commit that queued a message: send it now rather than at the next poll. */
  nudge(): void {
    this.passes.nudge();
  }

  private noteRecoveries(recovered: number): void {
    this.recoveries?.leasesRecovered('email', recovered);
    if (recovered > 0) {
      this.logger.warn(`Took back ${recovered} message(s) left by a worker whose lease lapsed`);
    }
  }

  /** One pass over the due rows, as of `now`. */
  async runOnce(now: Date = new Date()): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { sent: 0, failed: 0, cancelled: 0 };
    // Emails only: the payment provider's calls have a worker of their own (RefundWorker).
    const kinds: (NotificationKind | typeof OPERATOR_INVITATION | typeof OPERATOR_NOTICE)[] = [
      ...NOTIFICATION_KINDS,
      OPERATOR_INVITATION,
      OPERATOR_NOTICE,
    ];
    await workThroughOutbox(
      this.dataSource,
      kinds,
      now,
      this.batch,
      this.leaseMs,
      {
        handle: async (row) => {
          const outcome =
            row.kind === OPERATOR_INVITATION
              ? await this.deliverInvitation(row, now)
              : row.kind === OPERATOR_NOTICE
                ? await this.deliverNotice(row, now)
                : await this.deliver(row as ClaimedRow, now);
          result[outcome] += 1;
        },
        recovered: (count) => this.noteRecoveries(count),
        renewalFailed: (error) =>
          this.logger.warn(`Outbox leases not renewed: ${(error as Error).message}`),
      },
      // As many recipients' messages at once as the transport sends at once (SMTP's pool).
      this.transport.concurrency,
    );
    return result;
  }

  /**
   * An operator's invitation, while the invitation is still the one to use (not joined,
   * suspended, renewed or erased meanwhile).
   */
  private deliverInvitation(row: ClaimedInvitationRow, now: Date): Promise<keyof OutboxRunResult> {
    return this.deliverToOperator(
      row,
      now,
      (operator) =>
        operator.state === 'invited' && operator.invitationId === row.payload.invitationId,
      'invitation no longer open',
      async (operator) =>
        renderInvitation({
          name: operator.name ?? '',
          role: operator.role,
          locale: row.payload.locale,
          joinUrl: await this.links.url('invitation', row.payload.invitationId, row.payload.locale),
          expiresAt: new Date(row.payload.expiresAt),
          timeZone: this.catalogue.timeZone,
        }),
    );
  }

  /**
   * A factor notice, unless the operator was erased meanwhile (then there is no one to tell, and
   * nothing of them to keep).
   */
  private deliverNotice(row: ClaimedNoticeRow, now: Date): Promise<keyof OutboxRunResult> {
    return this.deliverToOperator(
      row,
      now,
      (operator) => operator.state !== 'erased',
      'operator erased',
      (operator) =>
        Promise.resolve(
          renderOperatorNotice({
            name: operator.name ?? '',
            change: row.payload.change,
            by: row.payload.by,
            passkeyName: row.payload.passkeyName,
            at: new Date(row.payload.at),
            locale: row.payload.locale,
            timeZone: this.catalogue.timeZone,
          }),
        ),
    );
  }

  /**
   * A message to an operator: to the address the operator has now, while `stillToSend` holds of
   * them; otherwise (or with no address) the row is cancelled, `cancelledBecause`. The
   * transport's copies go if the operator was erased by the time it was sent.
   */
  private async deliverToOperator(
    row: ClaimedInvitationRow | ClaimedNoticeRow,
    now: Date,
    stillToSend: (operator: OperatorRow) => boolean,
    cancelledBecause: string,
    render: (operator: OperatorRow) => Promise<Omit<RenderedMail, 'to'>>,
  ): Promise<keyof OutboxRunResult> {
    const operator = await findOperator(this.dataSource, row.operator_id);
    if (!operator?.email || !stillToSend(operator)) {
      await this.dataSource.query(
        `UPDATE outbox SET cancelled_at = $2, last_error = $3 WHERE id = $1`,
        [row.id, now, cancelledBecause],
      );
      return 'cancelled';
    }
    const to = { name: operator.name ?? '', address: operator.email };
    return this.send(
      row,
      now,
      row.operator_id,
      async () => ({ to, ...(await render(operator)) }),
      async () => (await findOperator(this.dataSource, row.operator_id))?.state === 'erased',
    );
  }

  private async send(
    row: { id: string; kind: string; attempts: number },
    now: Date,
    recipientId: string,
    render: () => Promise<RenderedMail>,
    erasedMeanwhile: () => Promise<boolean>,
  ): Promise<'sent' | 'failed'> {
    try {
      const mail = await render();
      await this.transport.send({
        messageId: outboxMessageId(row.id, recipientId, this.config.publicUrl),
        from: this.config.mailFrom,
        ...mail,
      });
    } catch (error) {
      // SMTP errors often quote the recipient: the outbox and the logs keep no address.
      const reason = redactAddresses(error instanceof Error ? error.message : String(error)).slice(
        0,
        1000,
      );
      await postponeOutboxRow(this.dataSource, row, reason, now);
      this.logger.warn(
        `Message ${row.id} (${row.kind}) failed, attempt ${row.attempts}: ${reason}`,
      );
      return 'failed';
    }
    await markOutboxRowSent(this.dataSource, row.id, now);
    if (this.transport.keepsCopies && (await erasedMeanwhile())) {
      await this.transport.eraseCopiesOf(recipientId);
    }
    return 'sent';
  }

  private async deliver(row: ClaimedRow, now: Date): Promise<keyof OutboxRunResult> {
    const sealed = await messageFactsOfRow(this.dataSource, row, this.earlierFacts);
    const facts = sealed && (await openMessageFacts(this.dataSource, sealed));
    if (!sealed || !facts || facts.status === 'deleted' || !facts.email) {
      await this.dataSource.query(
        `UPDATE outbox SET cancelled_at = $2, last_error = 'registration erased before sending'
          WHERE id = $1`,
        [row.id, now],
      );
      return 'cancelled';
    }
    const stale = staleReminder(row, facts);
    if (stale) {
      await this.dataSource.query(
        `UPDATE outbox SET cancelled_at = $2, last_error = $3 WHERE id = $1`,
        [row.id, now, stale],
      );
      return 'cancelled';
    }
    if (row.kind === 'move-difference-due' && facts.moveDueUntil !== row.payload.expiresAt) {
      // Paid, lapsed or given up before its email left: no move waits for this payment now.
      await this.dataSource.query(
        `UPDATE outbox SET cancelled_at = $2, last_error = 'move no longer waiting' WHERE id = $1`,
        [row.id, now],
      );
      return 'cancelled';
    }
    if (row.kind === 'waiting-list-offer' && (facts.status !== 'offered' || !facts.holdExpiresAt)) {
      // Paid, confirmed or lapsed before its email left: there is no offer to tell of any more.
      await this.dataSource.query(
        `UPDATE outbox SET cancelled_at = $2, last_error = 'offer no longer open' WHERE id = $1`,
        [row.id, now],
      );
      return 'cancelled';
    }
    const registrationId = row.registration_id;
    const to = { name: facts.name ?? '', address: facts.email };
    const result = await this.send(
      row,
      now,
      registrationId,
      async () => {
        if (isReceiptKind(row.kind)) {
          if (!isReceiptFacts(row.payload)) throw new Error('a receipt row without its receipt');
          const receipt = row.payload as unknown as ReceiptFacts;
          return {
            to,
            ...(await renderReceipt(receipt, facts.name ?? '', facts.locale, this.catalogue)),
          };
        }
        const links = await this.linksFor(row.kind, registrationId, facts, now);
        // A seat's confirmation carries its ticket (none once cancelled or refunded meanwhile).
        const ticket = TICKET_KINDS.includes(row.kind)
          ? await this.tickets.ticketFor({
              registrationId,
              event: facts.event,
              time: facts.time,
              status: facts.status,
            })
          : null;
        const message = renderMessage(
          row.kind,
          {
            registrationId,
            name: facts.name ?? '',
            event: facts.event,
            time: facts.time,
            locale: facts.locale,
          },
          this.catalogue,
          this.config,
          row.payload,
          now,
          links,
          ticket ?? undefined,
        );
        return { to, ...message };
      },
      async () => !(await messageFactsReadable(this.dataSource, sealed)),
    );
    // The former holder's address was kept only for this notice: once sent, it goes too.
    if (result === 'sent' && isFormerHolderNotice(sealed)) {
      await shredPersonalDataKey(this.dataSource, sealed.keyStream);
    }
    return result;
  }

  /** The visitor's signed links the message carries. */
  private async linksFor(
    kind: ClaimedRow['kind'],
    registrationId: string,
    facts: MessageFacts,
    now: Date,
  ): Promise<MessageLinks> {
    const url = (purpose: LinkPurpose) => this.links.url(purpose, registrationId, facts.locale);
    if (kind === 'waiting-list-offer' && facts.holdExpiresAt) {
      const until = new Date(facts.holdExpiresAt);
      return { offer: { url: await url('offer'), until } };
    }
    if (kind === 'move-difference-due' && facts.moveDueUntil) {
      // The move page, where the difference is paid, while the seat is held for the move.
      return { move: { url: await url('move'), until: new Date(facts.moveDueUntil) } };
    }
    if (TICKET_KINDS.includes(kind)) {
      const startsAt = this.catalogue.startOf(facts.event, facts.time);
      if (!startsAt) return {};
      // Cancelling closes before the link ends (at the slot's start), as the page explains;
      // moving and handing on close with it.
      const until = visitorCancellationClosesAt(
        startsAt,
        this.config.cancellationClosesHoursBefore,
      );
      // The reminder offers the changes only while they are allowed; a confirmation names their
      // end (the cancel link's) beside them.
      const cancel = { url: await url('cancel'), until, refunds: facts.refunds };
      if (facts.status !== 'paid' && facts.status !== 'confirmed') {
        // No seat any more (cancelled while the email waited): a confirmation keeps its cancel
        // link, whose page says what became of the booking; nothing else offers a change.
        return kind === 'payment-confirmed' || kind === 'waiting-list-confirmed' ? { cancel } : {};
      }
      if (kind === SHOW_REMINDER && now.getTime() >= until.getTime()) return {};
      return {
        cancel,
        move: { url: await url('move'), until },
        handOn: { url: await url('hand-on'), until },
      };
    }
    return {};
  }
}

/**
 * Why a reminder is not sent after all (cancelled), if so: its registration holds no ticket any
 * more (cancelled, refunded or erased while it was held: its facts follow it, as every held
 * message's do), or moved to another slot than the one it was armed for (the move armed one of
 * its own).
 */
function staleReminder(row: ClaimedRow, facts: MessageFacts): string | undefined {
  if (row.kind !== SHOW_REMINDER) return undefined;
  if (!facts.seated) return 'no seat any more';
  const armedFor = typeof row.payload.armedFor === 'string' ? row.payload.armedFor : '';
  if (!armedFor.startsWith(`${facts.event} ${facts.time} `)) return 'booking moved';
  return undefined;
}

export function outboxMessageId(
  outboxId: string,
  registrationId: string,
  publicUrl: string,
): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<outbox-${outboxId}.${registrationId}@${host}>`;
}
