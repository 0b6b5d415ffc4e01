import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { PageHeading } from '../../../components/page-heading';
import { Skeleton } from '../../../components/skeleton';
import { TicketCard } from '../../../components/ticket-card';
import { Notice } from '../../../components/notice';
import { RegisterLink } from '../../../components/register-link';
import { ReturnHomeLink } from '../../../components/return-home-link';
import { useEvents } from '../../../lib/catalogue';
import { endedHeadline, hasEnded } from '../../../lib/booking-headline';
import { justRegistered } from '../../../lib/just-registered';
import { useSiteInfo } from '../../../lib/site-info';
import { usePayerRegistration } from '../api/get-payer-registration';
import { useRegistration } from '../api/get-registration';
import { ChatInstructions } from './chat-instructions';
import { RegistrationDetails, visitorStatus } from './registration-details';
import { ShareDreamForm } from './share-dream-form';

/** Written by the registration form before it leaves for the payment page. */
const LAST_REGISTRATION_KEY = 'lastRegistrationId';

function readLastRegistrationId(): string | null {
  try {
    return window.sessionStorage.getItem(LAST_REGISTRATION_KEY);
  } catch {
    return null;
  }
}

export default function ConfirmationPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const sessionId = params.get('session_id');
  if (sessionId) return <PaymentSuccess sessionId={sessionId} />;
  if (id) return <RegistrationConfirmation id={id} />;
  if (params.get('waitingList') === 'true') {
    const state = location.state as { registrationId?: unknown } | null;
    const registrationId =
      typeof state?.registrationId === 'string' ? state.registrationId : undefined;
    return <WaitingListConfirmation registrationId={registrationId} />;
  }
  return <RegistrationNotFound />;
}

/**
 * Where the payment page returns the payer: the registration with its phone, asked by the
 * checkout session id in the address (see get-payer-registration.ts), and asked again until the
 * provider's word on the payment has arrived. Without an answer (an unknown session, no network)
 * the page still says the payment went through and the email follows.
 */
function PaymentSuccess({ sessionId }: { sessionId: string }) {
  const payer = usePayerRegistration(sessionId);
  // Asked alongside the registration, not after it: the details name the venue and the date.
  useEvents();
  const data = payer.data;
  const registrationId = data?.registrationId ?? readLastRegistrationId();
  const status = data ? visitorStatus(data.status) : 'processing';
  // The page may be opened again long after the payment: it tells where the booking stands now.
  const headline = hasEnded(status)
    ? endedHeadline(status)
    : status === 'waiting'
      ? 'confirmation.waitingList.title'
      : 'confirmation.paid.title';
  return (
    <section className="page page--narrow confirmation">
      {headline === 'confirmation.paid.title' && (
        <div className="confirmation__icon" aria-hidden="true">
          ✓
        </div>
      )}
      <PageHeading titleId={headline} />
      {status === 'processing' && (
        <p className="section__lead" role="status">
          <FormattedMessage id="confirmation.paid.processing" />
        </p>
      )}
      {data && <RegistrationDetails registration={data} status={status} />}
      {hasEnded(status) && (
        <Notice titleId={`confirmation.ended.${status}`} tone="warning" role="status" />
      )}
      {status === 'waiting' && <Notice titleId="confirmation.waitingList.notice" tone="warning" />}
      <TicketCard ticket={data?.ticket} />
      {!hasEnded(status) && status !== 'waiting' && (
        <p>
          <FormattedMessage id="confirmation.paid.email" />
        </p>
      )}
      <div className="button-row">
        <ReturnHomeLink className="button button--primary" />
        {registrationId && (
          <Link
            to={`/confirmation/${encodeURIComponent(registrationId)}`}
            className="button button--ghost"
          >
            <FormattedMessage id="confirmation.viewRegistration" />
          </Link>
        )}
      </div>
    </section>
  );
}

/**
 * Just after joining the waiting list: the details the form sent, phone included, while this
 * page still holds them in memory (see just-registered.ts); after a reload, the notices alone.
 */
function WaitingListConfirmation({ registrationId }: { registrationId: string | undefined }) {
  const sent = justRegistered(registrationId);
  return (
    <section className="page page--narrow confirmation">
      <PageHeading titleId="confirmation.waitingList.title" />
      {sent && <RegistrationDetails registration={sent} status="waiting" />}
      <Notice tone="warning">
        <p>
          <FormattedMessage id="confirmation.waitingList.body" />
        </p>
        <p>
          <FormattedMessage id="confirmation.waitingList.refund" />
        </p>
      </Notice>
      {registrationId && (
        <>
          <ShareDreamForm registrationId={registrationId} />
          <ChatInstructions />
        </>
      )}
      <ReturnHomeLink />
    </section>
  );
}

function RegistrationNotFound() {
  return (
    <section className="page page--narrow confirmation">
      <PageHeading titleId="confirmation.notFound.title" />
      <p>
        <FormattedMessage id="confirmation.notFound.body" />
      </p>
      <RegisterLink labelId="confirmation.notFound.button" className="button button--primary" />
    </section>
  );
}

function RegistrationConfirmation({ id }: { id: string }) {
  const registration = useRegistration(id);
  // Asked alongside the registration, not after it: the details name the venue and the date.
  useEvents();
  const siteInfo = useSiteInfo();

  if (registration.isPending) {
    return (
      <section className="page page--narrow confirmation" aria-busy="true">
        <PageTitle id="common.loading" />
        <h1 className="visually-hidden">
          <FormattedMessage id="common.loading" />
        </h1>
        <div className="card details-skeleton" data-testid="confirmation-skeleton">
          <Skeleton width="60%" />
          <Skeleton width="80%" />
          <Skeleton width="50%" />
          <Skeleton width="70%" />
        </div>
      </section>
    );
  }
  if (registration.isError || !registration.data) return <RegistrationNotFound />;

  const data = registration.data;
  const status = visitorStatus(data.status);
  const gone = hasEnded(status);

  return (
    <section className="page page--narrow confirmation">
      <PageTitle id="confirmation.details.title" />
      <h1>
        <FormattedMessage
          id={
            gone
              ? endedHeadline(status)
              : data.waitingList
                ? 'confirmation.waitingList.title'
                : 'confirmation.details.title'
          }
        />
      </h1>
      {/* The id travels in links: its answer has no phone (SPEC section 7), so none is shown. */}
      <RegistrationDetails registration={data} status={status} />
      {gone && <Notice titleId={`confirmation.ended.${status}`} tone="warning" role="status" />}
      {data.waitingList ? (
        <Notice titleId="confirmation.waitingList.notice" tone="warning">
          <p>
            <FormattedMessage id="confirmation.waitingList.refund" />
          </p>
        </Notice>
      ) : null}
      {data.sharesDreams && (
        <>
          <ShareDreamForm registrationId={id} />
          <ChatInstructions />
        </>
      )}
      <Notice titleId="confirmation.cancel.title">
        <p>
          <FormattedMessage
            id="confirmation.cancel.body"
            values={{
              email: siteInfo.data ? (
                <a className="text-link" href={`mailto:${siteInfo.data.contactEmail}`}>
                  {siteInfo.data.contactEmail}
                </a>
              ) : (
                '…'
              ),
            }}
          />
        </p>
      </Notice>
      <ReturnHomeLink />
    </section>
  );
}
