import { useId } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast';
import { HttpError } from '../../../lib/http-error';
import { useAddSlot } from '../api/add-slot';
import { useChangeSlot } from '../api/change-slot';
import type { TourEventAdmin, TourSlotAdmin } from '../api/get-tour';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useTourForm } from '../hooks/use-tour-form';
import { EMPTY_SLOT, SLOT_FIELDS, addSlotRequest, validateSlot } from '../model/tour-forms';
import type { SlotField } from '../model/tour-forms';
import { isoToZonedWallTime, zonedWallTimeToIso } from '../model/tour-time';
import { TourField, TourFormActions } from './tour-field';

/**
 * Adds a slot to an event (no `slot`), or moves one to a new start. The start is typed as the
 * clock reads where the event takes place, in the event's time zone, whatever the operator's.
 */
export function SlotFormDialog({
  event,
  slot,
  onClose,
}: {
  event: TourEventAdmin;
  slot?: TourSlotAdmin;
  onClose: () => void;
}) {
  const t = useAdminText();
  const intl = useIntl();
  const toast = useToast();
  const { fail } = useAdminFailure();
  const add = useAddSlot();
  const change = useChangeSlot();
  const prefix = useId();
  const titleId = `${prefix}-title`;
  const descriptionId = `${prefix}-description`;
  const zoneHintId = `${prefix}-zone`;
  const moving = !!slot;
  const form = useTourForm<SlotField>({
    idPrefix: prefix,
    fields: SLOT_FIELDS,
    initial: slot
      ? {
          startsAt: isoToZonedWallTime(slot.startsAt, event.timeZone),
          capacity: String(slot.capacity),
          time: slot.time,
        }
      : { ...EMPTY_SLOT, startsAt: event.date ? `${event.date}T19:30` : '' },
    validate: (values) => validateSlot(values, event.timeZone),
  });
  const pending = add.isPending || change.isPending;

  function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    if (pending || !form.check()) return;
    if (slot) {
      const startsAt = zonedWallTimeToIso(form.values.startsAt, event.timeZone)!;
      change.mutate(
        { slug: event.slug, time: slot.time, changes: { startsAt } },
        {
          onSuccess: () => {
            toast({
              title: t('admin.tour.toast.moved.title'),
              description: t('admin.tour.toast.moved.description', {
                slot: slot.time,
                start: intl.formatDate(startsAt, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: event.timeZone,
                }),
              }),
            });
            onClose();
          },
          onError: (error) => {
            form.refuse(error);
            fail(
              error,
              'admin.tour.toast.moveFailed.title',
              (error instanceof HttpError && error.serverMessage) || t('admin.tour.error.tryAgain'),
            );
          },
        },
      );
      return;
    }
    const request = addSlotRequest(form.values, event.timeZone);
    add.mutate(
      { slug: event.slug, slot: request },
      {
        onSuccess: (saved) => {
          // The server names the slot when the operator did not: its answer says how.
          const added = saved.slots.find((candidate) =>
            request.time
              ? candidate.time === request.time
              : Date.parse(candidate.startsAt) === Date.parse(request.startsAt),
          );
          toast({
            title: t('admin.tour.toast.slotAdded.title'),
            description: t('admin.tour.toast.slotAdded.description', {
              slot: added?.time ?? request.time ?? '',
              city: event.city,
            }),
          });
          onClose();
        },
        onError: (error) => {
          form.refuse(error, 'time');
          fail(
            error,
            'admin.tour.toast.slotAddFailed.title',
            (error instanceof HttpError && error.serverMessage) || t('admin.tour.error.tryAgain'),
          );
        },
      },
    );
  }

  return (
    <ModalDialog
      className="tour-form-dialog"
      labelledBy={titleId}
      describedBy={descriptionId}
      onClose={onClose}
      locked={pending}
    >
      <h2 id={titleId} className="dialog-title">
        {slot
          ? t('admin.tour.move.title', { slot: slot.time })
          : t('admin.tour.addSlot.title', { city: event.city })}
      </h2>
      <p id={descriptionId} className="muted">
        {slot
          ? t('admin.tour.move.description', { seats: slot.seatsTaken, waiting: slot.waiting })
          : t('admin.tour.addSlot.description')}
      </p>
      <form className="tour-form" onSubmit={submit} noValidate>
        <TourField
          id={form.fieldProps('startsAt').id}
          label={t('admin.tour.field.start')}
          error={form.messageFor('startsAt')}
          errorId={form.errorId('startsAt')}
          hint={{ id: zoneHintId, text: t('admin.tour.form.startHint', { zone: event.timeZone }) }}
        >
          <input
            {...form.fieldProps('startsAt', [zoneHintId])}
            type="datetime-local"
            required
            disabled={pending}
            onChange={(changed) => form.set('startsAt', changed.target.value)}
          />
        </TourField>
        {!moving && (
          <div className="tour-form__pair">
            <TourField
              id={form.fieldProps('capacity').id}
              label={t('admin.tour.field.capacity')}
              error={form.messageFor('capacity')}
              errorId={form.errorId('capacity')}
            >
              <input
                {...form.fieldProps('capacity')}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                required
                disabled={pending}
                onChange={(changed) => form.set('capacity', changed.target.value)}
              />
            </TourField>
            <TourField
              id={form.fieldProps('time').id}
              label={t('admin.tour.form.optional', { label: t('admin.tour.field.slotName') })}
              error={form.messageFor('time')}
              errorId={form.errorId('time')}
              hint={{ id: `${prefix}-name-hint`, text: t('admin.tour.form.slotNameHint') }}
            >
              <input
                {...form.fieldProps('time', [`${prefix}-name-hint`])}
                type="text"
                autoComplete="off"
                disabled={pending}
                onChange={(changed) => form.set('time', changed.target.value)}
              />
            </TourField>
          </div>
        )}
        <TourFormActions
          formError={form.formError}
          pending={pending}
          onClose={onClose}
          submit={t(slot ? 'admin.tour.move.submit' : 'admin.tour.addSlot.submit')}
        />
      </form>
    </ModalDialog>
  );
}
