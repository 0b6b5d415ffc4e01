import { useSlotDoorCounts } from '../api/get-door-counts';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { HttpError } from '../../../lib/http-error';
import { useChangeSlot } from '../api/change-slot';
import { useCloseSlot } from '../api/close-slot';
import { useReopenSlot } from '../api/reopen-slot';
import type { TourEventAdmin, TourSlotAdmin } from '../api/get-tour';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminSession } from '../../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { validateCapacity } from '../model/tour-forms';
import { SlotFormDialog } from './slot-form-dialog';
import { FieldError } from '../../../components/field';

/** One slot of an event: its start where the event is, its seats, and the operator's controls. */
export function TourSlot({
  event,
  slot,
  city,
}: {
  event: TourEventAdmin;
  slot: TourSlotAdmin;
  city: string;
}) {
  const t = useAdminText();
  const { permissions } = useAdminSession();
  const intl = useIntl();
  const toast = useToast();
  const { fail } = useAdminFailure();
  const changeSlot = useChangeSlot();
  const closeSlot = useCloseSlot();
  const reopenSlot = useReopenSlot();
  const prefix = useId();
  const headingId = `${prefix}-heading`;
  const capacityId = `${prefix}-capacity`;
  const capacityErrorId = `${prefix}-capacity-error`;
  const [capacity, setCapacity] = useState(String(slot.capacity));
  const [shownCapacity, setShownCapacity] = useState(slot.capacity);
  const [capacityError, setCapacityError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'close' | 'reopen' | null>(null);
  const [moving, setMoving] = useState(false);
  // A capacity the server now reports (this operator's change, or another's) replaces the input;
  // a refused one leaves the operator's figure in it, next to the server's reason.
  if (shownCapacity !== slot.capacity) {
    setShownCapacity(slot.capacity);
    setCapacity(String(slot.capacity));
    setCapacityError(null);
  }
  const start = new Date(slot.startsAt);
  const startText = Number.isNaN(start.getTime())
    ? slot.startsAt
    : intl.formatDate(start, { dateStyle: 'full', timeStyle: 'short', timeZone: event.timeZone });
  const closed = slot.status === 'closed';
  // A completed event's slots are a record of what was played: shown, no longer changed.
  const played = event.status === 'completed';
  const full = slot.seatsTaken >= slot.capacity;
  const door = useSlotDoorCounts(event.slug, slot.time);
  const toggling = closeSlot.isPending || reopenSlot.isPending;
  const serverReason = (error: unknown) =>
    (error instanceof HttpError && error.serverMessage) || t('admin.tour.error.tryAgain');

  function saveCapacity(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const invalid = validateCapacity(capacity);
    if (invalid) {
      setCapacityError(t(invalid));
      return;
    }
    const next = Number(capacity.trim());
    if (next === slot.capacity) return;
    setCapacityError(null);
    changeSlot.mutate(
      { slug: event.slug, time: slot.time, changes: { capacity: next } },
      {
        onSuccess: () =>
          toast({
            title: t('admin.tour.toast.capacity.title'),
            description: t('admin.tour.toast.capacity.description', {
              slot: slot.time,
              capacity: next,
            }),
          }),
        onError: (error) => {
          if (!(error instanceof HttpError && error.status === 401))
            setCapacityError(serverReason(error));
          fail(error, 'admin.tour.toast.capacityFailed.title', serverReason(error));
        },
      },
    );
  }

  function toggle() {
    const action = confirming === 'close' ? closeSlot : reopenSlot;
    action.mutate(
      { slug: event.slug, time: slot.time },
      {
        onSuccess: () => {
          setConfirming(null);
          toast({
            title: t(closed ? 'admin.tour.toast.reopened.title' : 'admin.tour.toast.closed.title'),
            description: t(
              closed
                ? 'admin.tour.toast.reopened.description'
                : 'admin.tour.toast.closed.description',
              { slot: slot.time, city },
            ),
          });
        },
        onError: (error) => {
          setConfirming(null);
          fail(
            error,
            closed ? 'admin.tour.toast.reopenFailed.title' : 'admin.tour.toast.closeFailed.title',
            serverReason(error),
          );
        },
      },
    );
  }

  return (
    <li className={`tour-slot tour-slot--${slot.status}`} aria-labelledby={headingId}>
      <div className="tour-slot__head">
        <h4 id={headingId} className="tour-slot__name">
          {slot.time}
        </h4>
        <span className={`admin-badge admin-badge--${closed ? 'closed' : full ? 'full' : 'open'}`}>
          {closed
            ? t('admin.tour.status.closed')
            : full
              ? t('admin.badge.full')
              : t('admin.tour.status.open')}
        </span>
      </div>
      <dl className="tour-slot__facts">
        <div className="tour-slot__start">
          <dt>{t('admin.tour.field.start')}</dt>
          <dd>
            <time dateTime={slot.startsAt}>{startText}</time>
          </dd>
        </div>
        <div>
          <dt>{t('admin.tour.field.seatsTaken')}</dt>
          <dd>{t('admin.tour.slot.seats', { taken: slot.seatsTaken, capacity: slot.capacity })}</dd>
        </div>
        <div>
          <dt>{t('admin.tour.field.waiting')}</dt>
          <dd>{slot.waiting}</dd>
        </div>
        {door && (
          <div>
            <dt>{t('admin.tour.field.door')}</dt>
            <dd>
              {t('admin.tour.slot.door', {
                checkedIn: door.checkedIn,
                seated: door.seated,
                noShows: door.noShows,
              })}
            </dd>
          </div>
        )}
      </dl>
      {permissions.has('sheet') && (
        <p className="tour-slot__sheet">
          <Link
            className="button button--small button--ghost"
            to={`/admin/sheet?${new URLSearchParams({ event: event.slug, time: slot.time }).toString()}`}
          >
            {t('admin.tour.slot.sheet', { slot: slot.time })}
          </Link>
        </p>
      )}
      {!played && (
        <form className="tour-slot__capacity" onSubmit={saveCapacity} noValidate>
          <div className="field">
            <label htmlFor={capacityId}>
              {t('admin.tour.slot.capacityLabel', { slot: slot.time })}
            </label>
            <input
              id={capacityId}
              name="capacity"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={capacity}
              aria-invalid={capacityError ? true : undefined}
              aria-describedby={capacityError ? capacityErrorId : undefined}
              disabled={changeSlot.isPending}
              onChange={(change) => {
                setCapacity(change.target.value);
                setCapacityError(null);
              }}
            />
            {capacityError && <FieldError id={capacityErrorId}>{capacityError}</FieldError>}
          </div>
          <button
            type="submit"
            className="button button--small button--ghost"
            disabled={changeSlot.isPending}
          >
            {changeSlot.isPending ? t('admin.tour.form.saving') : t('admin.tour.slot.saveCapacity')}
          </button>
        </form>
      )}
      {!played && (
        <div className="tour-slot__actions">
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => setMoving(true)}
          >
            {t('admin.tour.slot.move')}
          </button>
          <button
            type="button"
            className={`button button--small ${closed ? 'button--ghost' : 'button--danger-outline'}`}
            onClick={() => setConfirming(closed ? 'reopen' : 'close')}
          >
            {closed ? t('admin.tour.slot.reopen') : t('admin.tour.slot.close')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !toggling) setConfirming(null);
        }}
        title={
          confirming === 'close'
            ? t('admin.tour.close.title', { slot: slot.time })
            : t('admin.tour.reopen.title', { slot: slot.time })
        }
        description={
          confirming === 'close'
            ? t('admin.tour.close.description', {
                city,
                seats: slot.seatsTaken,
                waiting: slot.waiting,
              })
            : t('admin.tour.reopen.description', { city })
        }
        confirmLabel={
          confirming === 'close' ? t('admin.tour.close.confirm') : t('admin.tour.reopen.confirm')
        }
        cancelLabel={t('admin.tour.form.cancel')}
        onConfirm={toggle}
        destructive={confirming === 'close'}
        pending={toggling}
      />
      {moving && <SlotFormDialog event={event} slot={slot} onClose={() => setMoving(false)} />}
    </li>
  );
}
