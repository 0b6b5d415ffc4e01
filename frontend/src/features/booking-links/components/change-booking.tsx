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
import { useEvents } from '../../../lib/catalogue';
import { formatSlotDate, formatSlotTime } from '../../../lib/dates';
import { textOfError } from '../../../lib/errors-by-code';
import { HttpError } from '../../../lib/http-error';
import { useHandOnBooking, useMoveBooking } from '../api/change-booking';
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
    'move-price-differs': 'changeBooking.error.priceDiffers',
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
  const booking = useBooking('move', token);
  const events = useEvents();
  const move = useMoveBooking(token);
  const [choice, setChoice] = useState('');
  const moment = useMoment(booking.data?.event);
  const email = useContact();
  const whyNot = useWhyNot(booking.data ?? ({ status: 'cancelled' } as Booking));
  if (booking.isPending) return <BookingLoading />;
  if (booking.isError || !booking.data) return <LinkNotValid />;
  const data = booking.data;
  const options = (events.data ?? []).flatMap((event) =>
    event.status !== 'open'
      ? []
      : event.slots
          .filter((slot) => slot.status === 'open')
          .filter((slot) => event.slug !== data.event || slot.time !== data.time)
          .map((slot) => ({
            value: JSON.stringify([event.slug, slot.time]),
            label: `${event.city} · ${formatSlotDate(slot.startsAt, intl.locale, event.timeZone)} · ${formatSlotTime(slot.startsAt, intl.locale, event.timeZone)}`,
          })),
  );
  const submit = (form: FormEvent) => {
    form.preventDefault();
    if (!choice) return;
    const [event, time] = JSON.parse(choice) as [string, string];
    move.mutate({ event, time });
  };
  return (
    <section className="page page--narrow confirmation">
      <PageHeading titleId="moveBooking.title" />
      <BookingDetails booking={data} />
      <TicketCard ticket={data.ticket} />
      {move.isSuccess && (
        <Notice titleId="moveBooking.done.title" role="status">
          <p>
            <FormattedMessage id="moveBooking.done.body" />
          </p>
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
            disabled={!choice || move.isPending}
          >
            <FormattedMessage id="moveBooking.button" />
          </button>
        </form>
      )}
      <ReturnHomeLink />
    </section>
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
