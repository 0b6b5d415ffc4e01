import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { HolderFields, NO_HOLDER, type HolderValues } from '../../../components/holder-fields';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast';
import { mutateAndTell, useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useEvents } from '../../../lib/catalogue';
import { formatSlotDate, formatSlotTime } from '../../../lib/dates';
import { HttpError } from '../../../lib/http-error';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import { formatPrice } from '../../../lib/money';
import { priceDifference } from '../../../lib/move-difference';
import type { AdminRegistration } from '../api/admin-registration';
import { useHandOnBooking, useMoveBooking } from '../api/change-booking';

/** The refusals of a move the dialog says in its own words, by their codes. */
const MOVE_REFUSALS: Partial<Record<string, AdminMessageId>> = {
  'move-currency-differs': 'admin.move.error.currencyDiffers',
  'move-difference-unsettled': 'admin.move.error.differenceUnsettled',
};

/**
 * Move a booking to another slot or stop: any slot of the tour not begun yet. Where the seat was
 * paid through the provider, the dialog says what the target's price does to its money, and a
 * dearer slot asks whether its difference is waived or asked of the visitor.
 */
export function MoveBookingDialog({
  registration,
  name,
  onClose,
}: {
  registration: AdminRegistration;
  name: string;
  onClose: () => void;
}) {
  const t = useAdminText();
  const intl = useIntl();
  const toast = useToast();
  const { fail } = useAdminFailure();
  const events = useEvents();
  const move = useMoveBooking();
  const [choice, setChoice] = useState('');
  const [settle, setSettle] = useState<'waive' | 'ask' | ''>('');
  // Read once, when the dialog opens (rendering may not read the clock each time).
  const [now] = useState(() => Date.now());
  const options = (events.data ?? []).flatMap((event) =>
    event.slots
      .filter((slot) => Date.parse(slot.startsAt) > now)
      .filter((slot) => event.slug !== registration.event || slot.time !== registration.time)
      .map((slot) => ({
        value: JSON.stringify([event.slug, slot.time]),
        label: `${event.city} · ${formatSlotDate(slot.startsAt, intl.locale, event.timeZone)} · ${formatSlotTime(slot.startsAt, intl.locale, event.timeZone)}`,
        difference: priceDifference(registration.netPaid ?? null, {
          amountMinor: event.priceMinor,
          currency: event.currency,
        }),
      })),
  );
  const chosen = options.find((option) => option.value === choice);
  const difference = chosen?.difference ?? { kind: 'none' as const };
  const amount =
    difference.kind === 'pay' || difference.kind === 'refund'
      ? formatPrice(difference.amountMinor, difference.currency, intl.locale)
      : '';
  const submit = (form: FormEvent) => {
    form.preventDefault();
    if (!choice) return;
    const [event, time] = JSON.parse(choice) as [string, string];
    // The list may drop this card (the booking moved out of the slot shown) before the answer.
    mutateAndTell(
      move,
      { id: registration.id, event, time, ...(settle ? { difference: settle } : {}) },
      (moved) => {
        toast(
          moved.pendingMove
            ? {
                title: t('admin.toast.moveAsked.title'),
                description: t('admin.toast.moveAsked.description', { name, amount }),
              }
            : {
                title: t('admin.toast.moved.title'),
                description: t('admin.toast.moved.description', { name }),
              },
        );
        onClose();
      },
      (error: unknown) => {
        const code = error instanceof HttpError ? error.code : undefined;
        const words = code ? MOVE_REFUSALS[code] : undefined;
        fail(
          error,
          'admin.toast.moveFailed.title',
          words
            ? t(words)
            : (error instanceof HttpError && error.serverMessage) ||
                t('admin.toast.moveFailed.description'),
        );
      },
    );
  };
  return (
    <ModalDialog
      onClose={onClose}
      locked={move.isPending}
      heading={{ title: t('admin.move.title'), description: t('admin.move.description', { name }) }}
    >
      <form onSubmit={submit} noValidate>
        <Field id={`move-${registration.id}`} label={t('admin.move.to')}>
          {(control) => (
            <select
              {...control}
              value={choice}
              onChange={(e) => {
                setChoice(e.target.value);
                setSettle('');
              }}
            >
              <option value="">{t('admin.move.choose')}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {difference.kind === 'refund' && (
          <p className="notice" role="status">
            {t('admin.move.difference.refund', { amount })}
          </p>
        )}
        {difference.kind === 'other-currency' && (
          <p className="notice notice--warning" role="status">
            {t('admin.move.difference.otherCurrency', {
              paid: difference.paidCurrency,
              currency: difference.currency,
            })}
          </p>
        )}
        {difference.kind === 'pay' && (
          <fieldset className="confirm-dialog__choice">
            <legend>{t('admin.move.difference.pay', { amount })}</legend>
            <label>
              <input
                type="radio"
                name={`settle-${registration.id}`}
                checked={settle === 'waive'}
                onChange={() => setSettle('waive')}
              />{' '}
              {t('admin.move.difference.waive')}
            </label>
            <label>
              <input
                type="radio"
                name={`settle-${registration.id}`}
                checked={settle === 'ask'}
                onChange={() => setSettle('ask')}
              />{' '}
              {t('admin.move.difference.ask', { name })}
            </label>
          </fieldset>
        )}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('admin.cancel.back')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={
              !choice ||
              move.isPending ||
              difference.kind === 'other-currency' ||
              (difference.kind === 'pay' && !settle)
            }
          >
            {t('admin.move.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Hand a booking on to someone else: the new person's name, email, phone and dream. */
export function HandOnBookingDialog({
  registration,
  name,
  onClose,
}: {
  registration: AdminRegistration;
  name: string;
  onClose: () => void;
}) {
  const t = useAdminText();
  const toast = useToast();
  const { fail } = useAdminFailure();
  const handOn = useHandOnBooking();
  const [values, setValues] = useState<HolderValues>(NO_HOLDER);
  const fieldErrors = handOn.error instanceof HttpError ? handOn.error.fieldErrors : [];
  const submit = (form: FormEvent) => {
    form.preventDefault();
    // The booking handed on leaves the list, its card and this dialog with it, often first.
    mutateAndTell(
      handOn,
      { id: registration.id, ...values, locale: registration.locale ?? 'en' },
      () => {
        toast({
          title: t('admin.toast.handedOn.title'),
          description: t('admin.toast.handedOn.description', { name, to: values.name }),
        });
        onClose();
      },
      (error: unknown) => {
        if (error instanceof HttpError && error.fieldErrors.length > 0) return;
        fail(
          error,
          'admin.toast.handOnFailed.title',
          (error instanceof HttpError && error.serverMessage) ||
            t('admin.toast.handOnFailed.description'),
        );
      },
    );
  };
  return (
    <ModalDialog
      onClose={onClose}
      locked={handOn.isPending}
      heading={{
        title: t('admin.handOn.title'),
        description: t('admin.handOn.description', { name }),
      }}
    >
      <form onSubmit={submit} noValidate>
        <HolderFields
          idPrefix={`hand-on-${registration.id}`}
          values={values}
          onChange={setValues}
          labelOf={(field) => t(`admin.handOn.field.${field}`)}
          errorOf={(field) =>
            fieldErrors.some((error) => error.field === field)
              ? t('admin.handOn.fieldRefused')
              : undefined
          }
          dreamRows={4}
        />
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('admin.cancel.back')}
          </button>
          <button type="submit" className="button button--primary" disabled={handOn.isPending}>
            {t('admin.handOn.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
