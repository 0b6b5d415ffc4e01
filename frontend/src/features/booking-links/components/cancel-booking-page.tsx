import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageTitle } from '../../../components/page-title';
import { Skeleton } from '../../../components/skeleton';
import { useSiteInfo } from '../../../lib/site-info';
import { useCancelBooking } from '../api/cancel-booking';
import { useBooking } from '../api/get-booking';
import { BookingDetails, useMoment } from './booking-details';

/** The contact address, as a link, for what the page cannot do itself. */
function useContact(): ReactNode {
  const siteInfo = useSiteInfo();
  return siteInfo.data ? (
    <a className="text-link" href={`mailto:${siteInfo.data.contactEmail}`}>
      {siteInfo.data.contactEmail}
    </a>
  ) : (
    '…'
  );
}

/** Where the link goes when the visitor cannot use it: said in the page's own words. */
export function LinkNotValid() {
  const email = useContact();
  return (
    <section className="page page--narrow confirmation">
      <PageTitle id="bookingLink.invalid.title" />
      <h1>
        <FormattedMessage id="bookingLink.invalid.title" />
      </h1>
      <p role="alert">
        <FormattedMessage id="bookingLink.invalid.body" values={{ email }} />
      </p>
      <Link to="/" className="button button--ghost">
        <FormattedMessage id="common.returnHome" />
      </Link>
    </section>
  );
}

/** /cancel?token=…: the link of a confirmation email, to cancel the booking it names. */
export default function CancelBookingPage() {
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
  const moment = useMoment();
  const email = useContact();

  if (booking.isPending) {
    return (
      <section className="page page--narrow confirmation" aria-busy="true">
        <PageTitle id="common.loading" />
        <div className="card details-skeleton">
          <Skeleton width="60%" />
          <Skeleton width="80%" />
        </div>
      </section>
    );
  }
  if (booking.isError || !booking.data) return <LinkNotValid />;

  const data = booking.data;
  const until = data.cancellableUntil;
  const closed = !data.cancellationOpen;
  const cancellable = (data.status === 'paid' || data.status === 'confirmed') && !closed;

  let notice: ReactNode = null;
  if (data.status === 'cancelled') {
    notice = (
      <div className="notice" role="status">
        <p className="notice__title">
          <FormattedMessage id="cancelPage.done.title" />
        </p>
        <p>
          <FormattedMessage id="cancelPage.done.body" />
        </p>
      </div>
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
      <PageTitle id="cancelPage.title" />
      <h1>
        <FormattedMessage id="cancelPage.title" />
      </h1>
      <BookingDetails booking={data} />
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
      <Link to="/" className="button button--ghost">
        <FormattedMessage id="common.returnHome" />
      </Link>
    </section>
  );
}
