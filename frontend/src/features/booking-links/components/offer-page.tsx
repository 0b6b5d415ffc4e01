import { BookingLinksIntl } from '../booking-links-intl';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { ReturnHomeLink } from '../../../components/return-home-link';
import { useBooking } from '../api/get-booking';
import { usePayForOffer } from '../api/pay-for-offer';
import { BookingDetails, BookingLoading, LinkNotValid, useMoment } from './booking-details';

/** /offer?token=…: the link of a waiting-list offer, to pay for the seat held for the visitor. */
export default function OfferPage() {
  return (
    <BookingLinksIntl>
      <OfferPageContent />
    </BookingLinksIntl>
  );
}

function OfferPageContent() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!token) return <LinkNotValid />;
  return <Offer token={token} />;
}

function Offer({ token }: { token: string }) {
  const booking = useBooking('offer', token);
  const pay = usePayForOffer(token);
  const moment = useMoment(booking.data?.event);

  if (booking.isPending) {
    return <BookingLoading />;
  }
  if (booking.isError || !booking.data) return <LinkNotValid />;
  const data = booking.data;
  const open = data.status === 'offered' && data.offerExpiresAt !== null;

  return (
    <section className="page page--narrow confirmation">
      <PageHeading titleId="offerPage.title" />
      <BookingDetails booking={data} />
      {open ? (
        <>
          <p>
            <FormattedMessage id="offerPage.intro" />{' '}
            <FormattedMessage
              id="offerPage.until"
              values={{ until: moment(data.offerExpiresAt) }}
            />
          </p>
          {pay.isError && (
            <p className="notice notice--warning" role="alert">
              <FormattedMessage id="offerPage.failed" />
            </p>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={pay.isPending}
            onClick={() =>
              pay.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })
            }
          >
            <FormattedMessage id="offerPage.button" />
          </button>
        </>
      ) : (
        <p className="notice" role="status">
          <FormattedMessage
            id={
              data.status === 'paid' || data.status === 'confirmed'
                ? 'offerPage.taken'
                : 'offerPage.lapsed'
            }
          />
        </p>
      )}
      <ReturnHomeLink />
    </section>
  );
}
