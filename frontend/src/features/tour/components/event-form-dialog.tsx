import { useId, useMemo } from 'react';
import type { FormEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast';
import { HttpError } from '../../../lib/http-error';
import { useAnnounceEvent } from '../api/announce-event';
import { useEditEvent } from '../api/edit-event';
import type { TourEventAdmin } from '../api/get-tour';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useTourForm } from '../hooks/use-tour-form';
import {
  EMPTY_EVENT,
  EVENT_FIELDS,
  announceRequest,
  editRequest,
  eventValues,
  validateEvent,
} from '../model/tour-forms';
import type { EventField } from '../model/tour-forms';
import { timeZones } from '../model/tour-time';
import { TourField, TourFormActions } from './tour-field';

const SERVER_FIELDS: Record<string, EventField> = {
  priceMinor: 'price',
  'localised.it.city': 'cityIt',
  'localised.it.venue': 'venueIt',
  'localised.ro.city': 'cityRo',
  'localised.ro.venue': 'venueRo',
};

/**
 * Announces a new event (no `event`) or edits one: its names in English and, if the operator
 * wishes, Italian and Romanian, its date, time zone, price and status.
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
  const { fail } = useAdminFailure();
  const announce = useAnnounceEvent();
  const edit = useEditEvent();
  const prefix = useId();
  const titleId = `${prefix}-title`;
  const descriptionId = `${prefix}-description`;
  const zones = useMemo(() => timeZones(), []);
  const announcing = !event;
  const form = useTourForm<EventField>({
    idPrefix: prefix,
    fields: EVENT_FIELDS,
    initial: event ? eventValues(event) : EMPTY_EVENT,
    validate: (values) => validateEvent(values, announcing),
    serverFields: SERVER_FIELDS,
  });
  const pending = announce.isPending || edit.isPending;
  const failure = (
    error: unknown,
    title: 'admin.tour.toast.announceFailed.title' | 'admin.tour.toast.editFailed.title',
  ) => {
    form.refuse(error, announcing ? 'slug' : undefined);
    fail(
      error,
      title,
      (error instanceof HttpError && error.serverMessage) || t('admin.tour.error.tryAgain'),
    );
  };

  function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    if (pending || !form.check()) return;
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
    <TourField
      id={form.fieldProps(field).id}
      label={optional ? t('admin.tour.form.optional', { label }) : label}
      error={form.messageFor(field)}
      errorId={form.errorId(field)}
    >
      <input
        {...form.fieldProps(field)}
        type="text"
        autoComplete="off"
        required={!optional}
        disabled={pending}
        onChange={(change) => form.set(field, change.target.value)}
      />
    </TourField>
  );

  return (
    <ModalDialog
      className="tour-form-dialog"
      labelledBy={titleId}
      describedBy={descriptionId}
      onClose={onClose}
      locked={pending}
    >
      <h2 id={titleId} className="dialog-title">
        {event ? t('admin.tour.edit.title', { city: event.city }) : t('admin.tour.announce.title')}
      </h2>
      <p id={descriptionId} className="muted">
        {event ? t('admin.tour.edit.description') : t('admin.tour.announce.description')}
      </p>
      <form className="tour-form" onSubmit={submit} noValidate>
        {announcing ? (
          <TourField
            id={form.fieldProps('slug').id}
            label={t('admin.tour.field.slug')}
            error={form.messageFor('slug')}
            errorId={form.errorId('slug')}
            hint={{ id: `${prefix}-slug-hint`, text: t('admin.tour.form.slugHint') }}
          >
            <input
              {...form.fieldProps('slug', [`${prefix}-slug-hint`])}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              disabled={pending}
              onChange={(change) => form.set('slug', change.target.value)}
            />
          </TourField>
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
          <TourField
            id={form.fieldProps('date').id}
            label={t('admin.tour.field.date')}
            error={form.messageFor('date')}
            errorId={form.errorId('date')}
          >
            <input
              {...form.fieldProps('date')}
              type="date"
              required
              disabled={pending}
              onChange={(change) => form.set('date', change.target.value)}
            />
          </TourField>
          <TourField
            id={form.fieldProps('timeZone').id}
            label={t('admin.tour.field.timeZone')}
            error={form.messageFor('timeZone')}
            errorId={form.errorId('timeZone')}
          >
            <select
              {...form.fieldProps('timeZone')}
              required
              disabled={pending}
              onChange={(change) => form.set('timeZone', change.target.value)}
            >
              {(zones.includes(form.values.timeZone)
                ? zones
                : [form.values.timeZone, ...zones]
              ).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </TourField>
          <TourField
            id={form.fieldProps('price').id}
            label={t('admin.tour.field.priceIn', { currency })}
            error={form.messageFor('price')}
            errorId={form.errorId('price')}
            hint={{
              id: `${prefix}-price-hint`,
              text: t('admin.tour.form.priceHint', { currency }),
            }}
          >
            <input
              {...form.fieldProps('price', [`${prefix}-price-hint`])}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              disabled={pending}
              onChange={(change) => form.set('price', change.target.value)}
            />
          </TourField>
          {event?.status !== 'completed' && (
            <TourField
              id={form.fieldProps('status').id}
              label={t('admin.tour.field.status')}
              error={form.messageFor('status')}
              errorId={form.errorId('status')}
            >
              <select
                {...form.fieldProps('status')}
                disabled={pending}
                onChange={(change) => form.set('status', change.target.value)}
              >
                <option value="open">{t('admin.tour.status.open')}</option>
                <option value="coming-soon">{t('admin.tour.status.comingSoon')}</option>
              </select>
            </TourField>
          )}
        </div>
        <TourFormActions
          formError={form.formError}
          pending={pending}
          onClose={onClose}
          submit={t(event ? 'admin.tour.edit.submit' : 'admin.tour.announce.submit')}
        />
      </form>
    </ModalDialog>
  );
}
