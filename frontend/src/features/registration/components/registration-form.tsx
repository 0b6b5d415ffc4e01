import { useRef, useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast';
import { Notice } from '../../../components/notice';
import { redirectTo } from '../../../lib/browser-location';
import { useEvents } from '../../../lib/catalogue';
import { formatPrice } from '../../../lib/money';
import { HttpError } from '../../../lib/http-error';
import { slotCapacity, useCapacity } from '../api/get-capacity';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import {
  DREAM_BOUNDS,
  DREAM_MIN_LENGTH,
  OPEN_EVENT,
  REGISTRATION_FIELDS,
  canSubmit,
  defaultEvent,
  dreamLength,
  validateRegistration,
} from '../rules/registration-rules';
import type { RegistrationField, RegistrationValues } from '../rules/registration-rules';
import { textOfError, textsOfFieldErrors } from '../../../lib/errors-by-code';
import { minutesToWait, REGISTRATION_TEXTS } from '../rules/refusal-texts';
import { SlotAvailability } from './slot-availability';
import { SlotLabel } from './slot-label';
import { placeName } from '../../../lib/event-place';
import { useRegistrationDraft } from '../hooks/use-registration-draft';
import { rememberJustRegistered } from '../../../lib/just-registered';
import { usePhoneRule } from '../../../lib/phone-number';
import { FieldError } from '../../../components/field';

export const LAST_REGISTRATION_KEY = 'lastRegistrationId';

/** `event` stays empty until the visitor chooses one: the form is then on the tour's next stop. */
const EMPTY: RegistrationValues = {
  name: '',
  email: '',
  whatsapp: '',
  event: '',
  time: '',
  dream: '',
};

function toLocale(locale: string): 'en' | 'it' | 'ro' {
  return locale === 'it' || locale === 'ro' ? locale : 'en';
}

export function RegistrationForm({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const toast = useToast();
  const events = useEvents();
  const capacity = useCapacity();
  const checkout = useCreateCheckoutSession();
  const formRef = useRef<HTMLFormElement>(null);

  const draft = useRegistrationDraft(EMPTY);
  const { values: typed, setValues } = draft;
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<RegistrationField, string>>>({});
  const [redirecting, setRedirecting] = useState(false);
  const isPhone = usePhoneRule();

  // Every event the tour has open takes registrations, including one announced since the build.
  const openEvents = events.data
    ? events.data.filter((event) => event.status === 'open').map((event) => event.slug)
    : [OPEN_EVENT];
  const values: RegistrationValues = {
    ...typed,
    event: typed.event || defaultEvent(events.data),
  };
  const errors = validateRegistration(values, openEvents, isPhone);
  const formValid = Object.keys(errors).length === 0;
  const selectedEvent = events.data?.find((event) => event.slug === values.event);
  const eventOpen = selectedEvent?.status === 'open';
  const selectedCapacity = slotCapacity(capacity.data, values.event, values.time);
  const slotFull = selectedCapacity !== undefined && selectedCapacity.available <= 0;
  const pending = checkout.isPending || redirecting;
  const submittable = canSubmit(values) && openEvents.includes(values.event) && !pending;
  const length = dreamLength(values.dream);

  const messageFor = (field: RegistrationField): string | null => {
    if (serverErrors[field]) return serverErrors[field] ?? null;
    const error = errors[field];
    return touched[field] && error ? intl.formatMessage({ id: error }, DREAM_BOUNDS) : null;
  };

  const update = (field: RegistrationField, value: string) => {
    setValues((current) => ({
      ...current,
      [field]: value,
      ...(field === 'event' ? { time: '' } : {}),
      // A slot chosen holds the form on its event, whatever the tour announces meanwhile.
      ...(field === 'time' && !current.event ? { event: values.event } : {}),
    }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const touch = (field: RegistrationField) =>
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  const fieldProps = (field: RegistrationField, describedBy: string[] = []) => {
    const message = messageFor(field);
    const ids = [...describedBy, ...(message ? [`${field}-error`] : [])];
    return {
      id: field,
      name: field,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': ids.length ? ids.join(' ') : undefined,
    };
  };

  const fieldError = (field: RegistrationField) => {
    const message = messageFor(field);
    return message ? <FieldError id={`${field}-error`}>{message}</FieldError> : null;
  };

  const onSubmit = (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    if (!formValid) {
      setTouched(Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, true])));
      const first = REGISTRATION_FIELDS.find((field) => errors[field]);
      const target =
        first === 'time'
          ? formRef.current?.querySelector<HTMLElement>('input[name="time"]:not(:disabled)')
          : first && formRef.current?.querySelector<HTMLElement>(`#${first}`);
      target?.focus();
      return;
    }
    checkout.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        whatsapp: values.whatsapp.trim(),
        event: values.event,
        time: values.time,
        dream: values.dream.trim(),
        dreamedCaptured: false,
        locale: toLocale(intl.locale),
      },
      {
        onSuccess: (result) => {
          if (result.waitingList || result.url) {
            // The registration is recorded: nothing personal stays in this browser.
            draft.forget();
          }
          if (result.waitingList) {
            if (result.registrationId) {
              rememberJustRegistered({
                registrationId: result.registrationId,
                name: values.name.trim(),
                email: values.email.trim(),
                whatsapp: values.whatsapp.trim(),
                event: values.event,
                time: values.time,
              });
            }
            toast({
              title: intl.formatMessage({ id: 'toast.waitingList.title' }),
              description: intl.formatMessage({ id: 'toast.waitingList.description' }),
            });
            void navigate('/confirmation?waitingList=true', {
              state: { registrationId: result.registrationId },
            });
            return;
          }
          if (result.url) {
            setRedirecting(true);
            try {
              if (result.registrationId) {
                window.sessionStorage.setItem(LAST_REGISTRATION_KEY, result.registrationId);
              }
            } catch {
              // Without storage the confirmation simply cannot link back to the registration.
            }
            redirectTo(result.url);
            return;
          }
          toast({
            title: intl.formatMessage({ id: 'toast.paymentError.title' }),
            description: intl.formatMessage({ id: 'toast.paymentError.fallback' }),
            variant: 'destructive',
          });
        },
        onError: (error) => {
          const http = error instanceof HttpError ? error : undefined;
          if (http?.fieldErrors.length) {
            setServerErrors(textsOfFieldErrors(intl, http, REGISTRATION_TEXTS, DREAM_BOUNDS));
          }
          toast({
            title: intl.formatMessage({ id: 'toast.paymentError.title' }),
            description: textOfError(
              intl,
              error,
              REGISTRATION_TEXTS,
              http ? 'toast.paymentError.fallback' : 'toast.paymentError.offline',
              { minutes: minutesToWait(http?.response.headers.get('retry-after') ?? null) },
            ),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const submitLabel = pending
    ? slotFull
      ? 'form.submit.processing'
      : 'form.submit.redirecting'
    : slotFull
      ? 'form.submit.waitingList'
      : 'form.submit.complete';

  return (
    <form
      ref={formRef}
      className="registration-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="registration-title"
    >
      <h2 id="registration-title" ref={headingRef} tabIndex={-1}>
        <FormattedMessage id="form.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="form.requiredHint" />
      </p>

      <fieldset className="form-step">
        <legend>
          <span className="form-step__number" aria-hidden="true">
            1
          </span>
          <FormattedMessage id="form.step1" />
        </legend>

        <div className="field">
          <label htmlFor="event">
            <FormattedMessage id="form.event.label" /> *
          </label>
          <select
            {...fieldProps('event')}
            value={values.event}
            required
            onChange={(change) => {
              update('event', change.target.value);
              touch('event');
            }}
            onBlur={() => touch('event')}
          >
            {(events.data ?? []).map((event) => (
              <option key={event.slug} value={event.slug}>
                {placeName(intl, event, 'city')}
                {event.status === 'completed'
                  ? ` (${intl.formatMessage({ id: 'event.completed' })})`
                  : event.status === 'coming-soon'
                    ? ` (${intl.formatMessage({ id: 'event.comingSoon' })})`
                    : ''}
              </option>
            ))}
            {!events.data && (
              <option value={OPEN_EVENT}>{intl.formatMessage({ id: 'city.bucharest' })}</option>
            )}
          </select>
          {fieldError('event')}
        </div>

        {selectedEvent?.status === 'coming-soon' && (
          <Notice titleId="form.comingSoon.title" role="status">
            <p>
              <FormattedMessage id="form.comingSoon.body" />
            </p>
          </Notice>
        )}

        {eventOpen && selectedEvent && (
          <fieldset className="field slot-picker">
            <legend>
              <FormattedMessage id="form.time.label" /> *
            </legend>
            {selectedEvent.slots.map((slot) => {
              const slotId = `time-${slot.startsAt.replace(/[^0-9a-z]/gi, '')}`;
              const closed = slot.status === 'closed';
              const slotCap = slotCapacity(capacity.data, selectedEvent.slug, slot.time);
              const full = slotCap !== undefined && slotCap.available <= 0;
              return (
                <div
                  key={slot.time}
                  className={`slot-option${closed ? ' slot-option--closed' : ''}`}
                >
                  <input
                    type="radio"
                    id={slotId}
                    name="time"
                    value={slot.time}
                    checked={values.time === slot.time}
                    disabled={closed}
                    required
                    aria-invalid={messageFor('time') ? true : undefined}
                    aria-describedby={messageFor('time') ? 'time-error' : undefined}
                    onChange={() => {
                      update('time', slot.time);
                      touch('time');
                    }}
                    onBlur={() => touch('time')}
                  />
                  <label htmlFor={slotId}>
                    <SlotLabel slot={slot} timeZone={selectedEvent.timeZone} />
                    {closed ? (
                      <span className="badge badge--closed">
                        <FormattedMessage id="slot.closed" />
                      </span>
                    ) : (
                      <SlotAvailability
                        capacity={slotCap}
                        fullLabelId={full && formValid ? 'slot.joinWaitingList' : 'slot.full'}
                      />
                    )}
                  </label>
                </div>
              );
            })}
            {fieldError('time')}
          </fieldset>
        )}
      </fieldset>

      <fieldset className="form-step">
        <legend>
          <span className="form-step__number" aria-hidden="true">
            2
          </span>
          <FormattedMessage id="form.step2" />
        </legend>

        <div className="field">
          <label htmlFor="name">
            <FormattedMessage id="form.name.label" /> *
          </label>
          <input
            {...fieldProps('name')}
            type="text"
            autoComplete="name"
            required
            value={values.name}
            placeholder={intl.formatMessage({ id: 'form.name.placeholder' })}
            onChange={(change) => update('name', change.target.value)}
            onBlur={() => touch('name')}
          />
          {fieldError('name')}
        </div>

        <div className="field">
          <label htmlFor="email">
            <FormattedMessage id="form.email.label" /> *
          </label>
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            placeholder={intl.formatMessage({ id: 'form.email.placeholder' })}
            onChange={(change) => update('email', change.target.value)}
            onBlur={() => touch('email')}
          />
          {fieldError('email')}
        </div>

        <div className="field">
          <label htmlFor="whatsapp">
            <FormattedMessage id="form.whatsapp.label" /> *
          </label>
          <input
            {...fieldProps('whatsapp', ['whatsapp-hint'])}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            value={values.whatsapp}
            placeholder={intl.formatMessage({ id: 'form.whatsapp.placeholder' })}
            onChange={(change) => update('whatsapp', change.target.value)}
            onBlur={() => touch('whatsapp')}
          />
          <p id="whatsapp-hint" className="field-hint">
            <FormattedMessage id="form.whatsapp.hint" />
          </p>
          {fieldError('whatsapp')}
        </div>

        <div className="field">
          <label htmlFor="dream">
            <FormattedMessage id="form.dream.label" /> *
          </label>
          <textarea
            {...fieldProps('dream', ['dream-hint', 'dream-counter'])}
            rows={7}
            required
            value={values.dream}
            placeholder={intl.formatMessage({ id: 'form.dream.placeholder' })}
            onChange={(change) => update('dream', change.target.value)}
            onBlur={() => touch('dream')}
          />
          <div className="dream-meta">
            <p id="dream-counter" className="counter" data-testid="dream-counter">
              <FormattedMessage
                id="form.dream.counter"
                values={{ count: length, min: DREAM_MIN_LENGTH }}
              />
            </p>
            {length < DREAM_MIN_LENGTH && (
              <p className="counter-warning">
                <FormattedMessage
                  id="form.dream.remaining"
                  values={{ count: DREAM_MIN_LENGTH - length }}
                />
              </p>
            )}
          </div>
          <p id="dream-hint" className="field-hint">
            <FormattedMessage id="form.dream.hint" />
          </p>
          {fieldError('dream')}
        </div>
      </fieldset>

      <section className="form-step payment" aria-labelledby="payment-title">
        <h3 id="payment-title">
          <span className="form-step__number" aria-hidden="true">
            3
          </span>
          <FormattedMessage id="form.payment.title" />
        </h3>
        {selectedEvent && (
          <p className="payment__price">
            <FormattedMessage
              id="form.payment.price"
              values={{
                price: formatPrice(selectedEvent.priceMinor, selectedEvent.currency, intl.locale),
              }}
            />
          </p>
        )}
        <p className="muted">
          <FormattedMessage id="form.payment.body" />
        </p>
        <p className="muted">
          <FormattedMessage id="form.payment.requiredFields" />
        </p>
      </section>

      {slotFull && formValid && (
        <Notice titleId="form.waitingList.title" tone="warning" role="status">
          <p>
            <FormattedMessage id="form.waitingList.body" />
          </p>
        </Notice>
      )}

      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!submittable}
      >
        <FormattedMessage id={submitLabel} />
      </button>
      <p className="form-draft muted">
        <FormattedMessage id="form.draft.kept" />{' '}
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={draft.isEmpty || pending}
          onClick={() => {
            draft.clear();
            setTouched({});
            setServerErrors({});
          }}
        >
          <FormattedMessage id="form.draft.clear" />
        </button>
      </p>
    </form>
  );
}
