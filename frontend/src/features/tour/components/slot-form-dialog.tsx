import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toast';
import { useAddSlot } from '../api/add-slot';
import { useChangeSlot } from '../api/change-slot';
import type { TourEventAdmin, TourSlotAdmin } from '../api/get-tour';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useTourForm } from '../hooks/use-tour-form';
import { EMPTY_SLOT, SLOT_FIELDS, addSlotRequest, validateSlot } from '../model/tour-forms';
import type { SlotField } from '../model/tour-forms';
import { isoToZonedWallTime, zonedWallTimeToIso } from '../model/tour-time';
import { TourFormDialog, TourInput } from './tour-field';

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
  const add = useAddSlot();
  const change = useChangeSlot();
  const moving = !!slot;
  const form = useTourForm<SlotField>({
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

  function submit() {
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
          onError: (error) => form.failed(error, 'admin.tour.toast.moveFailed.title'),
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
        onError: (error) => form.failed(error, 'admin.tour.toast.slotAddFailed.title', 'time'),
      },
    );
  }

  return (
    <TourFormDialog
      form={form}
      title={
        slot
          ? t('admin.tour.move.title', { slot: slot.time })
          : t('admin.tour.addSlot.title', { city: event.city })
      }
      description={
        slot
          ? t('admin.tour.move.description', { seats: slot.seatsTaken, waiting: slot.waiting })
          : t('admin.tour.addSlot.description')
      }
      submit={t(slot ? 'admin.tour.move.submit' : 'admin.tour.addSlot.submit')}
      pending={pending}
      onClose={onClose}
      onSubmit={submit}
    >
      <TourInput
        form={form}
        field="startsAt"
        label={t('admin.tour.field.start')}
        hint={t('admin.tour.form.startHint', { zone: event.timeZone })}
        type="datetime-local"
        required
        disabled={pending}
      />
      {!moving && (
        <div className="tour-form__pair">
          <TourInput
            form={form}
            field="capacity"
            label={t('admin.tour.field.capacity')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            required
            disabled={pending}
          />
          <TourInput
            form={form}
            field="time"
            label={t('admin.tour.form.optional', { label: t('admin.tour.field.slotName') })}
            hint={t('admin.tour.form.slotNameHint')}
            type="text"
            autoComplete="off"
            disabled={pending}
          />
        </div>
      )}
    </TourFormDialog>
  );
}
