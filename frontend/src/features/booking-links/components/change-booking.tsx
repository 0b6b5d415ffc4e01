import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Field, FieldError } from '../../../components/field';
import {
  HolderFields,
  NO_HOLDER,
  type HolderField,
  type HolderValues,
} from '../../../components/holder-fields';
import { Notice } from '../../../components/notice';
import { PageHeading } from '../../../components/page-heading';
import { ReturnHomeLink } from '../../../components/return-home-link';
import { TicketCard } from '../../../components/ticket-card';
import { redirectTo } from '../../../lib/browser-location';
import { findSlot, useEvents } from '../../../lib/catalogue';
import { formatPrice } from '../../../lib/money';
import { priceDifference, type PriceDifference } from '../../../lib/move-difference';
import { formatSlotDate, formatSlotTime } from '../../../lib/dates';
import { textOfError } from '../../../lib/errors-by-code';
import { HttpError } from '../../../lib/http-error';
import { useHandOnBooking, useMoveBooking, usePayMoveDifference } from '../api/change-booking';
import { useBooking, type Booking } from '../api/get-booking';
import {
  BookingDetails,
  BookingLoading,
  LinkNotValid,
  useContact,
  useMoment,
} from './booking-details';

/** The words of the refusals a change may meet, by their codes. */
const CHANGE_REFUSALS = {
  codes: {
    'slot-full': 'changeBooking.error.slotFull',
    'slot-closed': 'changeBooking.error.slotClosed',
    'slot-unknown': 'changeBooking.error.slotClosed',
    'same-slot': 'changeBooking.error.sameSlot',
    'move-currency-differs': 'changeBooking.error.currencyDiffers',
    'no-move-waiting': 'changeBooking.error.noMoveWaiting',
    'payment-provider-failed': 'changeBooking.error.paymentFailed',
    'already-registered': 'changeBooking.error.alreadyThere',
    'change-closed': 'changeBooking.error.closed',
    'past-the-door': 'changeBooking.error.pastTheDoor',
    'nothing-to-move': 'changeBooking.error.nothing',
    'nothing-to-hand-on': 'changeBooking.error.nothing',
    'already-cancelled': 'changeBooking.error.nothing',
  },
} as const;

/**
 * Whether the booking may be changed from its link, or the notice that says why not: a seat
 * paid or confirmed, before the door and while cancelling is open (the server decides the same).
 */
function useWhyNot(data: Booking): ReactNode {
  const moment = useMoment(data.event);
  const email = useContact();
  if (data.status !== 'paid' && data.status !== 'confirmed') {
    return (
      <p className="notice" role="status">
        <FormattedMessage id="changeBooking.nothing" values={{ email }} />
      </p>
    );
  }
  if (data.pastTheDoor !== null) {
    return (
      <p className="notice notice--warning" role="alert">
        <FormattedMessage id="changeBooking.error.pastTheDoor" values={{ email }} />
      </p>
    );
  }
  if (!data.cancellationOpen) {
    return (
      <p className="notice notice--warning" role="alert">
        <FormattedMessage
          id="changeBooking.closedOn"
          values={{ until: moment(data.cancellableUntil), email }}
        />
      </p>
    );
  }
  return null;
}

function useToken(): string {
  const [params] = useSearchParams();
  return params.get('token') ?? '';
}

/** /move?token=…: an email's link to move the booking to another slot or another stop. */
export function MoveBookingPage() {
  const token = useToken();
  if (!token) return <LinkNotValid />;
  return <MoveBooking token={token} />;
}

function MoveBooking({ token }: { token: string }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  // Back from the difference's payment page: paid (confirmed in a moment), or left unpaid.
  const returned = params.get('difference');
  const booking = useBooking('move', token, returned === 'paid');
  const events = useEvents();
  const move = useMoveBooking(token);
  const pay = usePayMoveDifference(token);
  const [choice, setChoice] = useState('');
  const moment = useMoment(booking.data?.event);
  const email = useContact();
  const whyNot = useWhyNot(booking.data ?? ({ status: 'cancelled' } as Booking));
  if (booking.isPending) return <BookingLoading />;
  if (booking.isError || !booking.data) return <LinkNotValid />;
  const data = booking.data;
  const slotName = (event: string, time: string) => {
    const match = findSlot(events.data, event, time);
    if (!match?.slot) return match ? `${match.event.city} · ${time}` : time;
    const { startsAt } = match.slot;
    const zone = match.event.timeZone;
    return `${match.event.city} · ${formatSlotDate(startsAt, intl.locale, zone)} · ${formatSlotTime(startsAt, intl.locale, zone)}`;
  };
  const options = (events.data ?? []).flatMap((event) =>
    event.status !== 'open'
      ? []
      : event.slots
          .filter((slot) => slot.status === 'open')
          .filter((slot) => event.slug !== data.event || slot.time !== data.time)
          .map((slot) => ({
            value: JSON.stringify([event.slug, slot.time]),
            label: slotName(event.slug, slot.time),
            difference: priceDifference(data.netPaid ?? null, {
              amountMinor: event.priceMinor,
              currency: event.currency,
            }),
          })),
  );
  const chosen = options.find((option) => option.value === choice);
  const amount = (minor: number, currency: string) => formatPrice(minor, currency, intl.locale);
  const submit = (form: FormEvent) => {
    form.preventDefault();
    if (!choice) return;
    const [event, time] = JSON.parse(choice) as [string, string];
    move.mutate(
      { event, time },
      {
        // A dearer slot: the seat there is held while the difference is paid on its page.
        onSuccess: (answer) => {
          if (answer.outcome === 'payment-due' && answer.checkout) {
            redirectTo(answer.checkout.url);
          }
        },
      },
    );
  };
  const payDifference = () => pay.mutate(undefined, { onSuccess: ({ url }) => redirectTo(url) });
  const moved = move.data?.outcome === 'moved' ? move.data : undefined;
  const pending = data.pendingMove;
  return (
    <section className="page page--narrow confirmation">
      <PageHeading titleId="moveBooking.title" />
      <BookingDetails booking={data} />
      <TicketCard ticket={data.ticket} />
      {moved && (
        <Notice titleId="moveBooking.done.title" role="status">
          <p>
            <FormattedMessage id="moveBooking.done.body" />
          </p>
          {moved.difference?.settled === 'refunded' && (
            <p>
              <FormattedMessage
                id="moveBooking.done.refund"
                values={{ amount: amount(moved.difference.amountMinor, moved.difference.currency) }}
              />
            </p>
          )}
        </Notice>
      )}
      {returned === 'paid' && pending && (
        <Notice titleId="moveBooking.paid.title" role="status">
          <p>
            <FormattedMessage id="moveBooking.paid.body" />
          </p>
        </Notice>
      )}
      {returned === 'paid' && !pending && !moved && (
        <Notice titleId="moveBooking.done.title" role="status">
          <p>
            <FormattedMessage id="moveBooking.done.body" />
          </p>
        </Notice>
      )}
      {pending && returned !== 'paid' && (
        <Notice titleId="moveBooking.pending.title" role="status">
          <p>
            <FormattedMessage
              id="moveBooking.pending.body"
              values={{
                slot: slotName(pending.event, pending.time),
                amount: amount(pending.amountMinor, pending.currency),
                until: moment(pending.expiresAt),
              }}
            />
          </p>
          {returned === 'left' && (
            <p>
              <FormattedMessage id="moveBooking.left" />
            </p>
          )}
          {pay.isError && (
            <FieldError alert>
              {textOfError(intl, pay.error, CHANGE_REFUSALS, 'changeBooking.failed')}
            </FieldError>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={pay.isPending}
            onClick={payDifference}
          >
            <FormattedMessage id="moveBooking.pending.button" />
          </button>
        </Notice>
      )}
      {whyNot ?? (
        <form className="form" onSubmit={submit} noValidate>
          <p>
            <FormattedMessage
              id="moveBooking.until"
              values={{ until: moment(data.cancellableUntil) }}
            />
          </p>
          <Field id="move-to" label={<FormattedMessage id="moveBooking.to" />}>
            {(control) => (
              <select {...control} value={choice} onChange={(e) => setChoice(e.target.value)}>
                <option value="">{intl.formatMessage({ id: 'moveBooking.choose' })}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {chosen && <DifferenceNote difference={chosen.difference} />}
          {move.isError && (
            <FieldError alert>
              {textOfError(intl, move.error, CHANGE_REFUSALS, 'changeBooking.failed')}
              {errorCodeOf(move.error) === 'slot-full' && (
                <>
                  {' '}
                  <FormattedMessage id="moveBooking.waitingList" values={{ email }} />
                </>
              )}
            </FieldError>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={!choice || move.isPending || chosen?.difference.kind === 'other-currency'}
          >
            <FormattedMessage
              id={
                chosen?.difference.kind === 'pay' ? 'moveBooking.button.pay' : 'moveBooking.button'
              }
            />
          </button>
        </form>
      )}
      <ReturnHomeLink />
    </section>
  );
}

/** What the chosen slot's price does to the booking's money, said before the visitor moves. */
function DifferenceNote({ difference }: { difference: PriceDifference }) {
  const intl = useIntl();
  if (difference.kind === 'none') return null;
  if (difference.kind === 'other-currency') {
    return (
      <p className="notice notice--warning" role="status">
        <FormattedMessage
          id="moveBooking.price.otherCurrency"
          values={{ currency: difference.currency, paid: difference.paidCurrency }}
        />
      </p>
    );
  }
  return (
    <p className="notice" role="status">
      <FormattedMessage
        id={difference.kind === 'pay' ? 'moveBooking.price.pay' : 'moveBooking.price.refund'}
        values={{ amount: formatPrice(difference.amountMinor, difference.currency, intl.locale) }}
      />
    </p>
  );
}

function errorCodeOf(error: unknown): string | undefined {
  return error instanceof HttpError ? error.code : undefined;
}

/** /hand-on?token=…: an email's link to hand the booking on to someone else. */
export function HandOnBookingPage() {
  const token = useToken();
  if (!token) return <LinkNotValid />;
  return <HandOnBooking token={token} />;
}

function HandOnBooking({ token }: { token: string }) {
  const intl = useIntl();
  const booking = useBooking('hand-on', token);
  const handOn = useHandOnBooking(token);
  const [values, setValues] = useState<HolderValues>(NO_HOLDER);
  const moment = useMoment(booking.data?.event);
  const whyNot = useWhyNot(booking.data ?? ({ status: 'cancelled' } as Booking));
  if (handOn.isSuccess) {
    return (
      <section className="page page--narrow confirmation">
        <PageHeading titleId="handOnBooking.done.title" />
        <p role="status">
          <FormattedMessage id="handOnBooking.done.body" />
        </p>
        <ReturnHomeLink />
      </section>
    );
  }
  if (booking.isPending) return <BookingLoading />;
  if (booking.isError || !booking.data) return <LinkNotValid />;
  const data = booking.data;
  const fieldErrors = handOn.error instanceof HttpError ? handOn.error.fieldErrors : ([] as const);
  const errorOf = (field: HolderField) => {
    const found = fieldErrors.find((error) => error.field === field);
    return found ? intl.formatMessage({ id: `handOnBooking.error.${field}` }) : undefined;
  };
  const submit = (form: FormEvent) => {
    form.preventDefault();
    const locale = intl.locale === 'it' || intl.locale === 'ro' ? intl.locale : 'en';
    handOn.mutate({ ...values, locale });
  };
  return (
    <section className="page page--narrow confirmation">
      <PageHeading titleId="handOnBooking.title" />
      <BookingDetails booking={data} />
      {whyNot ?? (
        <form className="form" onSubmit={submit} noValidate>
          <p>
            <FormattedMessage
              id="handOnBooking.intro"
              values={{ until: moment(data.cancellableUntil) }}
            />
          </p>
          <HolderFields
            idPrefix="hand-on"
            values={values}
            onChange={setValues}
            labelOf={(field) => <FormattedMessage id={`handOnBooking.field.${field}`} />}
            errorOf={errorOf}
            dreamRows={5}
          />
          {handOn.isError && fieldErrors.length === 0 && (
            <FieldError alert>
              {textOfError(intl, handOn.error, CHANGE_REFUSALS, 'changeBooking.failed')}
            </FieldError>
          )}
          <button type="submit" className="button button--primary" disabled={handOn.isPending}>
            <FormattedMessage id="handOnBooking.button" />
          </button>
        </form>
      )}
      <ReturnHomeLink />
    </section>
  );
}
