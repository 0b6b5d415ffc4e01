import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { Skeleton } from '../../../components/skeleton';
import { findSlot, useEvents } from '../../../lib/catalogue';
import { formatEventDate, formatSlotDate, formatSlotTime } from '../../../lib/dates';
import { useSiteInfo } from '../../../lib/site-info';
import { useRegistration } from '../api/get-registration';
import { ChatInstructions } from './chat-instructions';
import { ShareDreamForm } from './share-dream-form';
import { placeName } from '../../../lib/event-place';

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
  if (params.has('session_id')) return <PaymentSuccess />;
  if (id) return <RegistrationConfirmation id={id} />;
  if (params.get('waitingList') === 'true') {
    const state = location.state as { registrationId?: unknown } | null;
    const registrationId =
      typeof state?.registrationId === 'string' ? state.registrationId : undefined;
    return <WaitingListConfirmation registrationId={registrationId} />;
  }
  return <RegistrationNotFound />;
}

/** After the payment page: fetches nothing, the webhook does the rest. */
function PaymentSuccess() {
  const lastId = readLastRegistrationId();
  return (
    <section className="page page--narrow confirmation">
      <PageTitle id="confirmation.paid.title" />
      <div className="confirmation__icon" aria-hidden="true">
        ✓
      </div>
      <h1>
        <FormattedMessage id="confirmation.paid.title" />
      </h1>
      <p className="section__lead">
        <FormattedMessage id="confirmation.paid.processing" />
      </p>
      <p>
        <FormattedMessage id="confirmation.paid.email" />
      </p>
      <div className="button-row">
        <Link to="/" className="button button--primary">
          <FormattedMessage id="common.returnHome" />
        </Link>
        {lastId && (
          <Link to={`/confirmation/${encodeURIComponent(lastId)}`} className="button button--ghost">
            <FormattedMessage id="confirmation.viewRegistration" />
          </Link>
        )}
      </div>
    </section>
  );
}

function WaitingListConfirmation({ registrationId }: { registrationId: string | undefined }) {
  return (
    <section className="page page--narrow confirmation">
      <PageTitle id="confirmation.waitingList.title" />
      <h1>
        <FormattedMessage id="confirmation.waitingList.title" />
      </h1>
      <div className="notice notice--warning">
        <p>
          <FormattedMessage id="confirmation.waitingList.body" />
        </p>
        <p>
          <FormattedMessage id="confirmation.waitingList.refund" />
        </p>
      </div>
      {registrationId && (
        <>
          <ShareDreamForm registrationId={registrationId} />
          <ChatInstructions />
        </>
      )}
      <Link to="/" className="button button--ghost">
        <FormattedMessage id="common.returnHome" />
      </Link>
    </section>
  );
}

function RegistrationNotFound() {
  return (
    <section className="page page--narrow confirmation">
      <PageTitle id="confirmation.notFound.title" />
      <h1>
        <FormattedMessage id="confirmation.notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="confirmation.notFound.body" />
      </p>
      <Link to="/?register=true" className="button button--primary">
        <FormattedMessage id="confirmation.notFound.button" />
      </Link>
    </section>
  );
}

function RegistrationConfirmation({ id }: { id: string }) {
  const intl = useIntl();
  const registration = useRegistration(id);
  const events = useEvents();
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
  const match = findSlot(events.data, data.event, data.time);
  // A registration for an event the tour no longer lists is named by the site's catalogue or its slug.
  const eventName = placeName(
    intl,
    match?.event ?? { slug: data.event, city: data.event, venue: data.event },
    'city',
  );

  return (
    <section className="page page--narrow confirmation">
      <PageTitle id="confirmation.details.title" />
      <h1>
        <FormattedMessage
          id={data.waitingList ? 'confirmation.waitingList.title' : 'confirmation.details.title'}
        />
      </h1>
      <dl className="card details">
        <div>
          <dt>
            <FormattedMessage id="confirmation.field.name" />
          </dt>
          <dd>{data.name}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="confirmation.field.email" />
          </dt>
          <dd>{data.email}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="confirmation.field.event" />
          </dt>
          <dd>{eventName}</dd>
        </div>
        {match && (
          <div>
            <dt>
              <FormattedMessage id="confirmation.field.location" />
            </dt>
            <dd>{placeName(intl, match.event, 'venue')}</dd>
          </div>
        )}
        <div>
          <dt>
            <FormattedMessage id="confirmation.field.date" />
          </dt>
          <dd>
            {match?.slot
              ? formatSlotDate(match.slot.startsAt, intl.locale, match.event.timeZone, true)
              : match
                ? formatEventDate(match.event.date, intl.locale)
                : '—'}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="confirmation.field.time" />
          </dt>
          <dd>
            {match?.slot
              ? formatSlotTime(match.slot.startsAt, intl.locale, match.event.timeZone)
              : data.time}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="confirmation.field.status" />
          </dt>
          <dd>
            <span className={`badge ${data.waitingList ? 'badge--full' : 'badge--open'}`}>
              <FormattedMessage
                id={
                  data.waitingList ? 'confirmation.status.waiting' : 'confirmation.status.confirmed'
                }
              />
            </span>
          </dd>
        </div>
      </dl>
      {data.waitingList ? (
        <div className="notice notice--warning">
          <p className="notice__title">
            <FormattedMessage id="confirmation.waitingList.notice" />
          </p>
          <p>
            <FormattedMessage id="confirmation.waitingList.refund" />
          </p>
        </div>
      ) : null}
      <ShareDreamForm registrationId={id} />
      <ChatInstructions />
      <div className="notice">
        <p className="notice__title">
          <FormattedMessage id="confirmation.cancel.title" />
        </p>
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
      </div>
      <Link to="/" className="button button--ghost">
        <FormattedMessage id="common.returnHome" />
      </Link>
    </section>
  );
}
