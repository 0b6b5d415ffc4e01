import { useMemo } from 'react';
import { useToast } from '../../../components/toast';
import { useAnnounceEvent } from '../api/announce-event';
import { useEditEvent } from '../api/edit-event';
import type { TourEventAdmin } from '../api/get-tour';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useTourForm } from '../hooks/use-tour-form';
import {
  EMPTY_EVENT,
  EVENT_FIELDS,
  announceRequest,
  currencyOf,
  editRequest,
  eventValues,
  validateEvent,
} from '../model/tour-forms';
import type { EventField } from '../model/tour-forms';
import { timeZones } from '../model/tour-time';
import { TourFormDialog, TourInput, TourSelect } from './tour-field';
import { minorDigits } from '../../../lib/money';

const SERVER_FIELDS: Record<string, EventField> = {
  priceMinor: 'price',
  'localised.it.city': 'cityIt',
  'localised.it.venue': 'venueIt',
  'localised.ro.city': 'cityRo',
  'localised.ro.venue': 'venueRo',
};

/**
 * Announces a new event (no `event`) or edits one: its names in English and, if the operator
 * wishes, Italian and Romanian, its date, time zone, price and its currency (the tour's, for a
 * new event, until the operator types another), and status. A new price or currency applies to
 * payment pages opened from then on.
 */
export function EventFormDialog({
  event,
  currency,
  onClose,
}: {
  event?: TourEventAdmin;
  currency: string;
  onClose: () => void;
}) {
  const t = useAdminText();
  const toast = useToast();
  const announce = useAnnounceEvent();
  const edit = useEditEvent();
  const zones = useMemo(() => timeZones(), []);
  const announcing = !event;
  const form = useTourForm<EventField>({
    fields: EVENT_FIELDS,
    // A new event starts in the tour's currency.
    initial: event ? eventValues(event) : { ...EMPTY_EVENT, currency },
    validate: (values) => validateEvent(values, announcing),
    serverFields: SERVER_FIELDS,
  });
  const pending = announce.isPending || edit.isPending;
  const typed = currencyOf(form.values.currency);
  const priceCurrency = /^[A-Z]{3}$/.test(typed) ? typed : (event?.currency ?? currency);
  const failure = (
    error: unknown,
    title: 'admin.tour.toast.announceFailed.title' | 'admin.tour.toast.editFailed.title',
  ) => form.failed(error, title, announcing ? 'slug' : undefined);

  function submit() {
    if (!event) {
      const request = announceRequest(form.values);
      announce.mutate(request, {
        onSuccess: () => {
          toast({
            title: t('admin.tour.toast.announced.title'),
            description: t('admin.tour.toast.announced.description', { city: request.city }),
          });
          onClose();
        },
        onError: (error) => failure(error, 'admin.tour.toast.announceFailed.title'),
      });
      return;
    }
    const changes = editRequest(event, form.values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    edit.mutate(
      { slug: event.slug, changes },
      {
        onSuccess: (saved) => {
          toast({
            title: t('admin.tour.toast.edited.title'),
            description: t('admin.tour.toast.edited.description', { city: saved.city }),
          });
          onClose();
        },
        onError: (error) => failure(error, 'admin.tour.toast.editFailed.title'),
      },
    );
  }

  const text = (field: EventField, label: string, optional = false) => (
    <TourInput
      form={form}
      field={field}
      label={optional ? t('admin.tour.form.optional', { label }) : label}
      type="text"
      autoComplete="off"
      required={!optional}
      disabled={pending}
    />
  );

  return (
    <TourFormDialog
      form={form}
      title={
        event ? t('admin.tour.edit.title', { city: event.city }) : t('admin.tour.announce.title')
      }
      description={event ? t('admin.tour.edit.description') : t('admin.tour.announce.description')}
      submit={t(event ? 'admin.tour.edit.submit' : 'admin.tour.announce.submit')}
      pending={pending}
      onClose={onClose}
      onSubmit={submit}
    >
      {announcing ? (
        <TourInput
          form={form}
          field="slug"
          label={t('admin.tour.field.slug')}
          hint={t('admin.tour.form.slugHint')}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          disabled={pending}
        />
      ) : (
        <p className="tour-form__slug">
          {t('admin.tour.field.slug')}: <code>{event.slug}</code>
        </p>
      )}
      <div className="tour-form__pair">
        {text('city', t('admin.tour.field.city'))}
        {text('venue', t('admin.tour.field.venue'))}
      </div>
      <fieldset className="tour-form__group">
        <legend>{t('admin.tour.form.otherLanguages')}</legend>
        <div className="tour-form__pair">
          {text('cityIt', t('admin.tour.field.cityIt'), true)}
          {text('venueIt', t('admin.tour.field.venueIt'), true)}
          {text('cityRo', t('admin.tour.field.cityRo'), true)}
          {text('venueRo', t('admin.tour.field.venueRo'), true)}
        </div>
      </fieldset>
      <div className="tour-form__pair">
        <TourInput
          form={form}
          field="date"
          label={t('admin.tour.field.date')}
          type="date"
          required
          disabled={pending}
        />
        <TourSelect
          form={form}
          field="timeZone"
          label={t('admin.tour.field.timeZone')}
          required
          disabled={pending}
        >
          {(zones.includes(form.values.timeZone) ? zones : [form.values.timeZone, ...zones]).map(
            (zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ),
          )}
        </TourSelect>
        <TourInput
          form={form}
          field="price"
          label={t('admin.tour.field.priceIn', { currency: priceCurrency })}
          hint={t(
            minorDigits(priceCurrency) === 0
              ? 'admin.tour.form.priceWholeHint'
              : 'admin.tour.form.priceHint',
            { currency: priceCurrency },
          )}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          disabled={pending}
        />
        <TourInput
          form={form}
          field="currency"
          label={t('admin.tour.field.currency')}
          hint={t('admin.tour.form.currencyHint')}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={3}
          required
          disabled={pending}
        />
        {event?.status !== 'completed' && (
          <TourSelect
            form={form}
            field="status"
            label={t('admin.tour.field.status')}
            disabled={pending}
          >
            <option value="open">{t('admin.tour.status.open')}</option>
            <option value="coming-soon">{t('admin.tour.status.comingSoon')}</option>
          </TourSelect>
        )}
      </div>
    </TourFormDialog>
  );
}
