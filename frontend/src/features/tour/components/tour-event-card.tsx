import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { formatEventDate } from '../../../lib/dates';
import { formatPrice } from '../../../lib/money';
import { HttpError } from '../../../lib/http-error';
import { useCompleteEvent } from '../api/complete-event';
import { useSwitchAutomaticOffers } from '../api/switch-automatic-offers';
import type { TourEventAdmin } from '../api/get-tour';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { localCity, localVenue } from '../../../lib/admin-session/tour-names';
import { EventFormDialog } from './event-form-dialog';
import { SlotFormDialog } from './slot-form-dialog';
import { TourHistoryDrawer } from './tour-history-drawer';
import { TourSlot } from './tour-slot';

const STATUS_KEY = {
  open: 'admin.tour.status.open',
  completed: 'admin.tour.status.completed',
  'coming-soon': 'admin.tour.status.comingSoon',
} as const;

/** One event of the tour: its details, its slots in order, and the operator's controls. */
export function TourEventCard({
  event,
  currency,
  tourEvents,
}: {
  event: TourEventAdmin;
  currency: string;
  /** The whole tour, for the history drawer's names and time zones. */
  tourEvents: TourEventAdmin[];
}) {
  const t = useAdminText();
  const intl = useIntl();
  const toast = useToast();
  const { fail } = useAdminFailure();
  const switchOffers = useSwitchAutomaticOffers();
  const prefix = useId();
  const headingId = `${prefix}-heading`;
  const offersId = `${prefix}-offers`;
  const offersHintId = `${prefix}-offers-hint`;
  const [editing, setEditing] = useState(false);
  const [addingSlot, setAddingSlot] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const city = localCity(event, intl.locale);
  const venue = localVenue(event, intl.locale);
  const completed = event.status === 'completed';
  const slots = [...event.slots].sort(
    (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.time.localeCompare(b.time),
  );
  const seats = slots.reduce((sum, slot) => sum + slot.seatsTaken, 0);
  const reason = (error: unknown) =>
    (error instanceof HttpError && error.serverMessage) || t('admin.tour.error.tryAgain');
  const complete = useCompleteEvent({
    onSuccess: () => {
      setCompleting(false);
      toast({
        title: t('admin.tour.toast.completed.title'),
        description: t('admin.tour.toast.completed.description', { city }),
      });
    },
    onError: (error) => {
      setCompleting(false);
      fail(error, 'admin.tour.toast.completeFailed.title', reason(error));
    },
  });

  function switchAutomaticOffers(automaticOffers: boolean) {
    switchOffers.mutate(
      { slug: event.slug, automaticOffers },
      {
        onSuccess: () =>
          toast({
            title: t(
              automaticOffers
                ? 'admin.tour.toast.offersOn.title'
                : 'admin.tour.toast.offersOff.title',
            ),
            description: t(
              automaticOffers
                ? 'admin.tour.toast.offersOn.description'
                : 'admin.tour.toast.offersOff.description',
              { city },
            ),
          }),
        onError: (error) => fail(error, 'admin.tour.toast.offersFailed.title', reason(error)),
      },
    );
  }

  function completeEvent() {
    complete.mutate(event.slug);
  }

  return (
    <article
      className={`console-card tour-event tour-event--${event.status}`}
      aria-labelledby={headingId}
    >
      <header className="tour-event__head">
        <h3 id={headingId} className="tour-event__city">
          {city}
        </h3>
        <code className="tour-event__slug">{event.slug}</code>
        <span className={`admin-badge admin-badge--${event.status}`}>
          {t(STATUS_KEY[event.status])}
        </span>
      </header>
      <dl className="tour-event__facts">
        <div>
          <dt>{t('admin.tour.field.venue')}</dt>
          <dd>{venue}</dd>
        </div>
        <div>
          <dt>{t('admin.tour.field.date')}</dt>
          <dd>
            <time dateTime={event.date}>{formatEventDate(event.date, intl.locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('admin.tour.field.timeZone')}</dt>
          <dd>{event.timeZone}</dd>
        </div>
        <div>
          <dt>{t('admin.tour.field.price')}</dt>
          <dd>{formatPrice(event.priceMinor, event.currency, intl.locale)}</dd>
        </div>
        <div>
          <dt>{t('admin.tour.field.seatsTaken')}</dt>
          <dd>{t('admin.tour.event.seats', { seats, slots: slots.length })}</dd>
        </div>
      </dl>
      {!completed && (
        <div className="tour-event__offers">
          <label htmlFor={offersId} className="tour-switch">
            <input
              id={offersId}
              type="checkbox"
              role="switch"
              checked={event.automaticOffers}
              aria-describedby={offersHintId}
              disabled={switchOffers.isPending}
              onChange={(change) => switchAutomaticOffers(change.target.checked)}
            />
            <span>{t('admin.tour.field.automaticOffers')}</span>
          </label>
          <p id={offersHintId} className="field-hint">
            {t(
              event.automaticOffers
                ? 'admin.tour.event.offersOnHint'
                : 'admin.tour.event.offersOffHint',
            )}
          </p>
        </div>
      )}
      {slots.length === 0 ? (
        <p className="muted">{t('admin.tour.event.noSlots')}</p>
      ) : (
        <ul className="tour-slots" aria-label={t('admin.tour.event.slots', { city })}>
          {slots.map((slot) => (
            <TourSlot key={slot.time} event={event} slot={slot} city={city} />
          ))}
        </ul>
      )}
      <div className="tour-event__actions">
        {!completed && (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => setAddingSlot(true)}
          >
            {t('admin.tour.event.addSlot')}
          </button>
        )}
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setEditing(true)}
        >
          {t('admin.tour.event.edit')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setHistoryOpen(true)}
        >
          {t('admin.tour.event.history')}
        </button>
        {!completed && (
          <button
            type="button"
            className="button button--small button--danger-outline"
            onClick={() => setCompleting(true)}
          >
            {t('admin.tour.event.complete')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={completing}
        onOpenChange={(open) => {
          if (!complete.isPending) setCompleting(open);
        }}
        title={t('admin.tour.complete.title', { city })}
        description={t('admin.tour.complete.description', { city, seats })}
        confirmLabel={t('admin.tour.complete.confirm')}
        cancelLabel={t('admin.tour.form.cancel')}
        onConfirm={completeEvent}
        destructive
        pending={complete.isPending}
      />
      {editing && (
        <EventFormDialog event={event} currency={currency} onClose={() => setEditing(false)} />
      )}
      {addingSlot && <SlotFormDialog event={event} onClose={() => setAddingSlot(false)} />}
      {historyOpen && (
        <TourHistoryDrawer
          event={event.slug}
          title={t('admin.tour.history.eventTitle', { city })}
          currency={currency}
          tourEvents={tourEvents}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </article>
  );
}
