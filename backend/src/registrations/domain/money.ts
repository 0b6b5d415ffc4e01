import { refundNumberOf, type RegistrationEvent } from './registration-events';

/**
 * The money of the tour as the log tells it: every payment received and every refund, each a
 * movement of one registration's slot in its own currency, and the receipt each was given.
 * Folded the same way live (the store, as each transaction closes) and in a rebuild (the whole
 * log), by MoneyLedger below; the accounts, their CSV and the receipts all read its movements.
 */

/** The reason of a payment that paid a move's difference, not a seat (MoneyMovement.reason). */
export const MOVE_DIFFERENCE = 'move-difference';

/** The reason of a refund that gave a cheaper move's difference back, the seat kept. */
export const MOVE_PRICE_DIFFERENCE = 'move-price-difference';

/** The seller a receipt names, from the configuration, as it was when the receipt was issued. */
export interface Seller {
  name: string;
  address: string;
  taxId: string;
}

/**
 * A receipt's number, given in the log: the event's place in its seller's stream
 * (`receipts-<seller>`), appended at the version it was decided from, so two processes can
 * never give one number twice, and a transaction rolled back gives none (no gap).
 */
export interface ReceiptIssued {
  type: 'ReceiptIssued';
  data: {
    number: number;
    seller: Seller;
    registrationId: string;
    /** A payment received, or a refund sent back. */
    kind: MovementKind;
    /** The movement it is the receipt of (MoneyMovement.key). */
    movement: string;
    amountMinor: number;
    currency: string;
    /** The provider's reference of the money: its payment id, or the refund's id. */
    providerReference: string | null;
    /** The stop and the slot. */
    event: string;
    time: string;
    /** A refund's receipt names the receipt of the payment it reverses. */
    reverses: number | null;
  };
}

export type MovementKind = 'payment' | 'refund';

/** The kinds of fact a seller's stream of receipts holds (the log's list names them). */
export const RECEIPT_EVENT_TYPES: readonly ReceiptIssued['type'][] = ['ReceiptIssued'];

/** What the provider says of a payment or a refund beyond its amount, when it says it. */
export interface ProviderIds {
  paymentIntentId: string | null;
  sessionId: string | null;
  chargeId: string | null;
  refundId: string | null;
  balanceTransactionId: string | null;
  /** The provider's fee, in the movement's minor unit. */
  feeMinor: number | null;
}

/** One payment received or one refund, in its own currency, never summed with another's. */
export interface MoneyMovement extends ProviderIds {
  /**
   * `<registration>:<payment|refund>:<payment id>`: each payment is received once; its first
   * refund has that key, each later one (a payment refunded in parts) `…:<its number>`.
   */
  key: string;
  registrationId: string;
  event: string;
  time: string;
  kind: MovementKind;
  amountMinor: number;
  currency: string;
  /** A refund asked and not yet confirmed by the provider is in flight. */
  state: 'received' | 'in-flight' | 'refunded';
  /**
   * Why a refund was made (the RefundRequested's reason); for a payment, `move-difference` when
   * it paid a move's difference (the seat was paid already), null otherwise.
   */
  reason: string | null;
  /** When the payment was received, or the refund asked. */
  occurredAt: string;
  /** When the provider confirmed a refund. */
  settledAt: string | null;
  receiptNumber: number | null;
  /** A refund's receipt: the number of the payment's receipt it reverses. */
  reversesReceipt: number | null;
  /** The log position of the event that made the movement: the accounts' order. */
  position: number;
}

/** Where a fact stands in the log. */
export interface LogPlace {
  globalPosition: number;
  recordedAt: Date;
}

/** The slot a registration is for, to place its money. */
export interface RegistrationSlot {
  event: string;
  time: string;
}

/** The fields a payment's or refund's event may carry besides those declared (optional ids). */
function optionalText(data: object, field: string): string | null {
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

function optionalNumber(data: object, field: string): number | null {
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The provider's ids an event carries, each null when absent. */
export function providerIdsOf(data: object): ProviderIds {
  return {
    paymentIntentId: optionalText(data, 'paymentIntentId'),
    sessionId: optionalText(data, 'sessionId'),
    chargeId: optionalText(data, 'chargeId'),
    refundId: optionalText(data, 'refundId'),
    balanceTransactionId: optionalText(data, 'balanceTransactionId'),
    feeMinor: optionalNumber(data, 'feeMinor'),
  };
}

export function movementKey(
  registrationId: string,
  kind: MovementKind,
  paymentIntentId: string | null,
  refund = 1,
): string {
  const key = `${registrationId}:${kind}:${paymentIntentId ?? '-'}`;
  return kind === 'refund' && refund > 1 ? `${key}:${refund}` : key;
}

/** Keeps the ids already known where the later event does not carry them. */
function mergeIds(known: ProviderIds, later: ProviderIds): ProviderIds {
  return {
    paymentIntentId: later.paymentIntentId ?? known.paymentIntentId,
    sessionId: later.sessionId ?? known.sessionId,
    chargeId: later.chargeId ?? known.chargeId,
    refundId: later.refundId ?? known.refundId,
    balanceTransactionId: later.balanceTransactionId ?? known.balanceTransactionId,
    feeMinor: later.feeMinor ?? known.feeMinor,
  };
}

/**
 * The fold of the money facts: a registration's payments (PaymentConfirmed, a move's
 * PriceDifferencePaid; a RefundRequested or
 * PaymentRefunded of a payment not confirmed, which was money received too: a wrong amount, a
 * second payment, a late one), its refunds (RefundRequested in flight, PaymentRefunded done),
 * and the receipts given to them. `changed` names the movements the facts applied since it was
 * last emptied: what a transaction writes, and what may need a receipt.
 */
export class MoneyLedger {
  readonly movements = new Map<string, MoneyMovement>();
  readonly slots = new Map<string, RegistrationSlot>();
  readonly changed = new Set<string>();
  /**
   * Each payment received, by its payment intent: a payment is received once, whichever
   * registration holds its seat now (a booking handed on carries its payment to the new person,
   * whose refund is then that payment's).
   */
  private readonly paymentsByIntent = new Map<string, string>();

  /**
   * A movement as the accounts hold it, for the facts that follow. Its slot places its
   * registration only when nothing placed it yet: where the registration is now (a move since
   * the movement) decides where its later money goes.
   */
  seed(movement: MoneyMovement): void {
    this.index(movement);
    this.movements.set(movement.key, movement);
    if (!this.slots.has(movement.registrationId)) {
      this.slots.set(movement.registrationId, { event: movement.event, time: movement.time });
    }
  }

  /** The payment a registration's fact about `paymentIntentId` names, wherever it was received. */
  paymentOf(registrationId: string, paymentIntentId: string | null): MoneyMovement | undefined {
    const key =
      (paymentIntentId && this.paymentsByIntent.get(paymentIntentId)) ??
      movementKey(registrationId, 'payment', paymentIntentId);
    return this.movements.get(key);
  }

  private index(movement: MoneyMovement): void {
    if (movement.kind === 'payment' && movement.paymentIntentId) {
      this.paymentsByIntent.set(movement.paymentIntentId, movement.key);
    }
  }

  placeRegistration(registrationId: string, slot: RegistrationSlot): void {
    this.slots.set(registrationId, slot);
  }

  apply(event: RegistrationEvent | ReceiptIssued, place: LogPlace): void {
    switch (event.type) {
      case 'RegistrationCreated':
      case 'BookingReceived':
      case 'BookingMoved':
        // Where the registration's seat is now: its later money is that slot's.
        this.placeRegistration(event.data.registrationId, event.data);
        return;
      case 'PaymentConfirmed':
        this.receive(event.data, place);
        return;
      case 'PriceDifferencePaid':
        // Money for a seat already paid: the accounts say what it was, and count no seat for it.
        this.receive(event.data, place, MOVE_DIFFERENCE);
        return;
      case 'RefundRequested':
        this.receive(event.data, place);
        this.refund(event.data, place, 'in-flight', event.data.reason);
        return;
      case 'PaymentRefunded':
        this.receive(event.data, place);
        this.refund(event.data, place, 'refunded', event.data.reason);
        return;
      case 'ReceiptIssued': {
        const movement = this.movements.get(event.data.movement);
        if (!movement) return;
        this.put({
          ...movement,
          receiptNumber: event.data.number,
          reversesReceipt: event.data.reverses ?? movement.reversesReceipt,
        });
        return;
      }
      default:
        return;
    }
  }

  private put(movement: MoneyMovement): void {
    this.index(movement);
    this.movements.set(movement.key, movement);
    this.changed.add(movement.key);
  }

  /** The payment, once: received when first seen, whichever fact tells of it first. */
  private receive(
    data: { registrationId: string; amountMinor: number; currency: string },
    place: LogPlace,
    reason: string | null = null,
  ): void {
    const ids = providerIdsOf(data);
    const key = movementKey(data.registrationId, 'payment', ids.paymentIntentId);
    const known = this.paymentOf(data.registrationId, ids.paymentIntentId);
    if (known) {
      // A later fact may bring an id the first did not (a charge, a balance transaction).
      const merged = { ...known, ...mergeIds(known, { ...ids, refundId: null }) };
      if (JSON.stringify(merged) !== JSON.stringify(known)) this.put(merged);
      return;
    }
    this.put({
      ...this.newMovement(key, 'payment', data, place, ids),
      state: 'received',
      refundId: null,
      reason,
    });
  }

  private refund(
    data: { registrationId: string; amountMinor: number; currency: string; part?: number },
    place: LogPlace,
    state: 'in-flight' | 'refunded',
    reason: string,
  ): void {
    const ids = providerIdsOf(data);
    const key = movementKey(
      data.registrationId,
      'refund',
      ids.paymentIntentId,
      refundNumberOf(data),
    );
    const payment = this.paymentOf(data.registrationId, ids.paymentIntentId);
    const known = this.movements.get(key);
    if (known) {
      if (known.state === 'refunded') return;
      this.put({
        ...known,
        ...mergeIds(known, ids),
        state,
        settledAt: state === 'refunded' ? place.recordedAt.toISOString() : null,
        reversesReceipt: payment?.receiptNumber ?? known.reversesReceipt,
      });
      return;
    }
    this.put({
      ...this.newMovement(key, 'refund', data, place, ids),
      state,
      reason,
      settledAt: state === 'refunded' ? place.recordedAt.toISOString() : null,
      reversesReceipt: payment?.receiptNumber ?? null,
      // A refund's fee is not the payment's: only the refund's own event may give one.
      feeMinor: null,
    });
  }

  /** A movement first seen in `place`, in the slot its registration holds, with no receipt yet. */
  private newMovement(
    key: string,
    kind: MovementKind,
    data: { registrationId: string; amountMinor: number; currency: string },
    place: LogPlace,
    ids: ProviderIds,
  ): Omit<MoneyMovement, 'state'> {
    const slot = this.slots.get(data.registrationId);
    return {
      key,
      registrationId: data.registrationId,
      event: slot?.event ?? '',
      time: slot?.time ?? '',
      kind,
      amountMinor: data.amountMinor,
      currency: data.currency.toUpperCase(),
      reason: null,
      occurredAt: place.recordedAt.toISOString(),
      settledAt: null,
      receiptNumber: null,
      reversesReceipt: null,
      position: place.globalPosition,
      ...ids,
    };
  }

  /**
   * The movements among those changed that are owed a receipt, in the log's order: a payment
   * received, a refund once the provider confirmed it (money that went back), each once.
   */
  receiptsOwed(): MoneyMovement[] {
    return [...this.changed]
      .map((key) => this.movements.get(key)!)
      .filter(
        (movement) =>
          movement.receiptNumber === null &&
          (movement.kind === 'payment' || movement.state === 'refunded'),
      )
      .sort((a, b) => a.position - b.position || (a.kind === 'payment' ? -1 : 1));
  }
}

/**
 * The receipts owed, numbered from `nextNumber` on, for the seller's stream. A refund's receipt
 * names its payment's receipt (given before it, in this batch or earlier).
 */
export function issueReceipts(
  owed: readonly MoneyMovement[],
  seller: Seller,
  nextNumber: number,
  paymentReceiptOf: (movement: MoneyMovement) => number | null,
): ReceiptIssued[] {
  const given = new Map<string, number>();
  return owed.map((movement, index) => {
    const number = nextNumber + index;
    given.set(movement.key, number);
    const paymentKey = movementKey(movement.registrationId, 'payment', movement.paymentIntentId);
    return {
      type: 'ReceiptIssued',
      data: {
        number,
        seller,
        registrationId: movement.registrationId,
        kind: movement.kind,
        movement: movement.key,
        amountMinor: movement.amountMinor,
        currency: movement.currency,
        providerReference:
          movement.kind === 'refund'
            ? (movement.refundId ?? movement.paymentIntentId)
            : (movement.paymentIntentId ?? movement.sessionId),
        event: movement.event,
        time: movement.time,
        reverses:
          movement.kind === 'refund'
            ? (given.get(paymentKey) ?? paymentReceiptOf(movement) ?? movement.reversesReceipt)
            : null,
      },
    };
  });
}

/** The stream of a seller's receipts: one per tax id (or per name, without one). */
export function receiptStreamId(seller: Seller): string {
  const key = (seller.taxId || seller.name)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `receipts-${key || 'seller'}`;
}
