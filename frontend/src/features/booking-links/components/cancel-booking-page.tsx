import { BookingLinksIntl } from '../booking-links-intl';
import { TicketCard } from '../../../components/ticket-card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeading } from '../../../components/page-heading';
import { Notice } from '../../../components/notice';
import { ReturnHomeLink } from '../../../components/return-home-link';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { endedHeadline, hasEnded } from '../../../lib/booking-headline';
import { useCancelBooking } from '../api/cancel-booking';
import { useBooking } from '../api/get-booking';
import {
  BookingDetails,
  BookingLoading,
  LinkNotValid,
  useContact,
  useMoment,
} from './booking-details';

/** /cancel?token=…: the link of a confirmation email, to cancel the booking it names. */
export default function CancelBookingPage() {
  return (
    <BookingLinksIntl>
      <CancelBookingPageContent />
    </BookingLinksIntl>
  );
}

function CancelBookingPageContent() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!token) return <LinkNotValid />;
  return <CancelBooking token={token} />;
}

function CancelBooking({ token }: { token: string }) {
  const intl = useIntl();
  const booking = useBooking('cancel', token);
  const cancel = useCancelBooking(token);
  const [asking, setAsking] = useState(false);
  const moment = useMoment(booking.data?.event);
  const email = useContact();

  if (booking.isPending) {
    return <BookingLoading />;
  }
  if (booking.isError || !booking.data) return <LinkNotValid />;

  const data = booking.data;
  const until = data.cancellableUntil;
  const closed = !data.cancellationOpen;
  // Past the door (let in, or the performance begun) the booking is the organisers' to change.
  const pastTheDoor = data.pastTheDoor;
  const cancellable =
    (data.status === 'paid' || data.status === 'confirmed') && !closed && pastTheDoor === null;
  // Opened again later, the page says first where the booking stands now.
  const headline = hasEnded(data.status) ? endedHeadline(data.status) : 'cancelPage.title';

  let notice: ReactNode = null;
  if (data.status === 'cancelled') {
    notice = (
      <Notice titleId="cancelPage.done.title" role="status">
        <p>
          <FormattedMessage id="cancelPage.done.body" />
        </p>
      </Notice>
    );
  } else if (pastTheDoor !== null && (data.status === 'paid' || data.status === 'confirmed')) {
    notice = (
      <p className="notice notice--warning" role="alert">
        <FormattedMessage
          id={
            pastTheDoor === 'checked-in'
              ? 'cancelPage.pastTheDoor.checkedIn'
              : 'cancelPage.pastTheDoor.started'
          }
          values={{ email }}
        />
      </p>
    );
  } else if (data.status !== 'paid' && data.status !== 'confirmed') {
    notice = (
      <p className="notice" role="status">
        <FormattedMessage id="cancelPage.nothing" values={{ email }} />
      </p>
    );
  } else if (closed) {
    notice = (
      <p className="notice notice--warning" role="alert">
        <FormattedMessage id="cancelPage.closed" values={{ until: moment(until), email }} />
      </p>
    );
  }

  return (
    <section className="page page--narrow confirmation">
      <PageHeading titleId={headline} />
      <BookingDetails booking={data} />
      <TicketCard ticket={data.ticket} />
      {notice}
      {cancellable && (
        <>
          <p>
            <FormattedMessage id="cancelPage.until" values={{ until: moment(until) }} />
          </p>
          {cancel.isError && (
            <p className="notice notice--warning" role="alert">
              <FormattedMessage id="cancelPage.failed" values={{ email }} />
            </p>
          )}
          <button
            type="button"
            className="button button--danger-outline"
            onClick={() => setAsking(true)}
          >
            <FormattedMessage id="cancelPage.button" />
          </button>
          <ConfirmDialog
            open={asking}
            onOpenChange={(open) => {
              if (!cancel.isPending) setAsking(open);
            }}
            title={intl.formatMessage({ id: 'cancelPage.confirm.title' })}
            description={intl.formatMessage({ id: 'cancelPage.confirm.body' })}
            confirmLabel={intl.formatMessage({ id: 'cancelPage.confirm.yes' })}
            cancelLabel={intl.formatMessage({ id: 'cancelPage.confirm.no' })}
            onConfirm={() => cancel.mutate(undefined, { onSettled: () => setAsking(false) })}
            destructive
            pending={cancel.isPending}
          />
        </>
      )}
      <ReturnHomeLink />
    </section>
  );
}
