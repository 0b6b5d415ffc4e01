import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { HttpError } from '../../../lib/http-error';
import type { AdminRegistration } from '../api/admin-registration';
import { useCancelRegistration } from '../api/cancel-registration';
import { useConfirmWaitlist } from '../api/confirm-waitlist';
import { useDeleteRegistration } from '../api/delete-registration';
import { useSetDreamedCaptured } from '../api/set-dreamed-captured';
import { useSetPaid } from '../api/set-paid';
import { mutateAndTell, useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminSession } from '../../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useSlotName } from '../hooks/use-slot-name';
import { formatPrice } from '../../../lib/money';
import {
  displayName,
  isCancellable,
  seatAndMoney,
  shortId,
  STATUS_LABEL,
  type SeatAndMoney,
} from '../model/registration-display';
import { DreamEditor } from './dream-editor';
import { eventName } from '../../../lib/admin-session/place-names';
import { EmailAddress } from '../../../components/email-address';
import { HistoryDrawer } from './history-drawer';
import { HandOnBookingDialog, MoveBookingDialog } from './change-booking-dialogs';
import { useEvents } from '../../../lib/catalogue';
import { formatDeadline } from '../../../lib/dates';
import { CANCEL_REASON_MAX_LENGTH } from '../../../lib/console-bounds';

const STAGE_LABEL = {
  paidByCard: 'admin.stage.paidByCard',
  paidByOperator: 'admin.stage.paidByOperator',
  confirmedUnpaid: 'admin.stage.confirmedUnpaid',
  confirmedPaidByOperator: 'admin.stage.confirmedPaidByOperator',
  held: 'admin.stage.held',
  offered: 'admin.stage.offered',
  waiting: 'admin.stage.waiting',
  cancelled: 'admin.stage.cancelled',
  cancelledPaid: 'admin.stage.cancelledPaid',
  released: 'admin.stage.released',
  refunded: 'admin.stage.refunded',
} as const satisfies Record<SeatAndMoney, string>;

/** One registration with the operator's controls. */
export function RegistrationCard({
  registration,
  position,
}: {
  registration: AdminRegistration;
  /** Where it stands in the Command Center's feed (1-based), and how many there are. */
  position?: { index: number; setSize: number };
}) {
  const t = useAdminText();
  const events = useEvents();
  const intl = useIntl();
  const nameSlot = useSlotName();
  const toast = useToast();
  const { fail } = useAdminFailure();
  const { permissions } = useAdminSession();
  const headingId = useId();
  const [deleting, setDeleting] = useState(false);
  const [refundOnDelete, setRefundOnDelete] = useState(true);
  const refundId = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [changing, setChanging] = useState<'move' | 'hand-on' | null>(null);
  const setPaid = useSetPaid();
  const setDreamedCaptured = useSetDreamedCaptured();
  const confirmWaitlist = useConfirmWaitlist();
  const cancelRegistration = useCancelRegistration();
  /** The cancellation the operator is asked to confirm: with the refund or without. */
  const [cancelling, setCancelling] = useState<'refund' | 'keep' | null>(null);
  const [cancelReason, setCancelReason] = useState('');
  const cancelReasonId = useId();

  const name = displayName(registration) ?? t('admin.row.unknownName');
  const id = shortId(registration.id);
  const status = registration.listedAs;
  const paidShown = registration.paid;
  const stage = seatAndMoney(registration);
  const yesNo = (value: boolean) => (value ? t('admin.yes') : t('admin.no'));
  const deleteRegistration = useDeleteRegistration({
    onSuccess: () => {
      setDeleting(false);
      toast({
        title: t('admin.toast.deleted.title'),
        description: t('admin.toast.deleted.description', { name }),
      });
    },
    onError: (error) => {
      setDeleting(false);
      fail(error, 'admin.toast.deleteFailed.title', t('admin.toast.deleteFailed.description'));
    },
  });
  const created = new Date(registration.createdAt);

  function togglePaid() {
    const paid = !registration.paid;
    mutateAndTell(
      setPaid,
      { id: registration.id, paid },
      () =>
        toast({
          title: t('admin.toast.paidUpdated.title'),
          description: t('admin.toast.paidUpdated.description', { name, value: yesNo(paid) }),
        }),
      (error) =>
        fail(
          error,
          'admin.toast.paidFailed.title',
          (error instanceof HttpError && error.serverMessage) ||
            t('admin.toast.paidFailed.description'),
        ),
    );
  }

  function toggleDreamedCaptured() {
    const dreamedCaptured = !registration.dreamedCaptured;
    mutateAndTell(
      setDreamedCaptured,
      { id: registration.id, dreamedCaptured },
      () =>
        toast({
          title: t('admin.toast.statusUpdated.title'),
          description: t('admin.toast.statusUpdated.description', {
            name,
            value: yesNo(dreamedCaptured),
          }),
        }),
      (error) =>
        fail(
          error,
          'admin.toast.dreamCapturedFailed.title',
          t('admin.toast.dreamCapturedFailed.description'),
        ),
    );
  }

  function confirm() {
    mutateAndTell(
      confirmWaitlist,
      registration.id,
      () =>
        toast({
          title: t('admin.toast.confirmed.title'),
          description: t('admin.toast.confirmed.description', { name }),
        }),
      (error) =>
        fail(
          error,
          'admin.toast.confirmFailed.title',
          (error instanceof HttpError && error.serverMessage) ||
            t('admin.toast.confirmFailed.description'),
        ),
    );
  }

  function cancel(refund: boolean) {
    mutateAndTell(
      cancelRegistration,
      { id: registration.id, refund, reason: cancelReason.trim() || undefined },
      () => {
        setCancelling(null);
        setCancelReason('');
        toast({
          title: t('admin.toast.cancelled.title'),
          description: t(
            refund
              ? 'admin.toast.cancelled.refundDescription'
              : 'admin.toast.cancelled.description',
            { name },
          ),
        });
      },
      (error) => {
        setCancelling(null);
        fail(
          error,
          'admin.toast.cancelFailed.title',
          (error instanceof HttpError && error.serverMessage) ||
            t('admin.toast.cancelFailed.description'),
        );
      },
    );
  }

  const timeZone = events.data?.find((event) => event.slug === registration.event)?.timeZone;
  // Past the door (let in, or the slot begun) a cancellation says why; the server holds the rule.
  const slotStartsAt = events.data
    ?.find((event) => event.slug === registration.event)
    ?.slots.find((slot) => slot.time === registration.time)?.startsAt;
  // Judged when the dialog opens (an event handler may read the clock; rendering may not).
  const [pastTheDoor, setPastTheDoor] = useState(false);
  function openCancel(kind: 'refund' | 'keep') {
    setPastTheDoor(
      registration.door === 'checked-in' ||
        (slotStartsAt !== undefined && Date.parse(slotStartsAt) <= Date.now()),
    );
    setCancelling(kind);
  }
  const holdUntil =
    (registration.status === 'offered' || registration.status === 'held') &&
    registration.holdExpiresAt
      ? formatDeadline(registration.holdExpiresAt, intl.locale, timeZone)
      : null;

  // Cancelling and deleting may give money back: the server asks for the refunds permission for
  // both. Money taken through the payment provider can go back with either.
  const mayCancel = permissions.has('refunds');
  // Moving and handing on a seat or a waiting place: the registrations' own changes.
  const mayChange = permissions.has('registrations');
  const seated = registration.status === 'paid' || registration.status === 'confirmed';
  const paidThroughProvider = registration.paidBy === 'card';
  const refundable = paidThroughProvider && mayCancel;

  function remove() {
    deleteRegistration.mutate({
      id: registration.id,
      refund: refundable && refundOnDelete,
    });
  }

  return (
    <article
      className={`console-card registration-card registration-card--${status}`}
      aria-labelledby={headingId}
      aria-posinset={position?.index}
      aria-setsize={position?.setSize}
      tabIndex={position ? -1 : undefined}
      data-feed-index={position ? position.index - 1 : undefined}
    >
      <header className="registration-card__head">
        <h3 id={headingId} className="registration-card__name">
          {name}
        </h3>
        <span className="registration-card__id">{id}</span>
        <span className={`admin-badge admin-badge--${status}`}>{t(STATUS_LABEL[status])}</span>
        {registration.door === 'checked-in' && (
          <span className="admin-badge admin-badge--checked-in">{t('admin.row.checkedIn')}</span>
        )}
        {registration.door === 'no-show' && (
          <span className="admin-badge admin-badge--no-show">{t('admin.row.noShow')}</span>
        )}
      </header>
      <p className="registration-card__stage">
        {holdUntil && (stage === 'offered' || stage === 'held')
          ? t(stage === 'offered' ? 'admin.stage.offeredUntil' : 'admin.stage.heldUntil', {
              until: holdUntil,
            })
          : t(STAGE_LABEL[stage])}
      </p>
      {registration.pendingMove && (
        <p className="registration-card__stage">
          {t('admin.stage.moveWaiting', {
            event: eventName(t, registration.pendingMove.event, events.data, intl.locale),
            slot: nameSlot(registration.pendingMove.event, registration.pendingMove.time),
            amount: formatPrice(
              registration.pendingMove.amountMinor,
              registration.pendingMove.currency,
              intl.locale,
            ),
            until: formatDeadline(registration.pendingMove.expiresAt, intl.locale, timeZone),
          })}
        </p>
      )}
      <dl className="registration-card__facts">
        <div>
          <dt>{t('admin.row.email')}</dt>
          <dd>
            {registration.email ? (
              <a href={`mailto:${registration.email}`}>
                <EmailAddress address={registration.email} />
              </a>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('admin.row.phone')}</dt>
          <dd>
            <a href={`tel:${(registration.whatsapp ?? '').replace(/[^\d+]/g, '')}`}>
              {registration.whatsapp}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('admin.row.event')}</dt>
          <dd>{eventName(t, registration.event, events.data, intl.locale)}</dd>
        </div>
        <div>
          <dt>{t('admin.row.time')}</dt>
          <dd>{nameSlot(registration.event, registration.time)}</dd>
        </div>
        {typeof registration.seat === 'number' && (
          <div>
            <dt>{t('admin.row.seat')}</dt>
            <dd>{registration.seat}</dd>
          </div>
        )}
        <div>
          <dt>{t('admin.row.created')}</dt>
          <dd>
            {Number.isNaN(created.getTime()) ? (
              registration.createdAt
            ) : (
              <time dateTime={registration.createdAt}>
                {intl.formatDate(created, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admin.row.status')}</dt>
          <dd>{t(STATUS_LABEL[status])}</dd>
        </div>
      </dl>
      <div className="registration-card__flags">
        <div className="flag-control">
          <span className="flag-control__label">{t('admin.row.paid')}</span>
          <strong
            className={`flag-control__value flag-control__value--${paidShown ? 'yes' : 'no'}`}
          >
            {yesNo(paidShown)}
          </strong>
          {registration.paidToggle && (
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={togglePaid}
              disabled={setPaid.isPending}
            >
              {registration.paid ? t('admin.row.markUnpaid') : t('admin.row.markPaid')}
            </button>
          )}
        </div>
        <div className="flag-control">
          <span className="flag-control__label">{t('admin.row.dreamCaptured')}</span>
          <strong
            className={`flag-control__value flag-control__value--${registration.dreamedCaptured ? 'yes' : 'no'}`}
          >
            {yesNo(registration.dreamedCaptured)}
          </strong>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={toggleDreamedCaptured}
            disabled={setDreamedCaptured.isPending}
          >
            {registration.dreamedCaptured
              ? t('admin.row.markNotCaptured')
              : t('admin.row.markCaptured')}
          </button>
        </div>
      </div>
      <DreamEditor registration={registration} name={name} />
      <div className="registration-card__actions">
        {(registration.waitingList || registration.status === 'offered') && (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={confirm}
            disabled={confirmWaitlist.isPending}
          >
            {t('admin.row.confirm')}
          </button>
        )}
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setHistoryOpen(true)}
        >
          {t('admin.row.history')}
        </button>
        {mayChange && (seated || registration.status === 'waiting') && (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => setChanging('move')}
          >
            {t('admin.row.move')}
          </button>
        )}
        {mayChange && seated && registration.door !== 'checked-in' && (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => setChanging('hand-on')}
          >
            {t('admin.row.handOn')}
          </button>
        )}
        {isCancellable(registration) && mayCancel && (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => openCancel('keep')}
          >
            {t('admin.row.cancel')}
          </button>
        )}
        {isCancellable(registration) && refundable && (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => openCancel('refund')}
          >
            {t('admin.row.cancelAndRefund')}
          </button>
        )}
        {mayCancel && (
          <button
            type="button"
            className="button button--small button--danger-outline"
            onClick={() => setDeleting(true)}
          >
            {t('admin.row.delete')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open && !cancelRegistration.isPending) setCancelling(null);
        }}
        title={t(cancelling === 'refund' ? 'admin.cancel.refundTitle' : 'admin.cancel.title')}
        description={t(
          cancelling === 'refund' ? 'admin.cancel.refundDescription' : 'admin.cancel.description',
          { name, id },
        )}
        confirmLabel={t(
          cancelling === 'refund' ? 'admin.cancel.confirmRefund' : 'admin.cancel.confirm',
        )}
        cancelLabel={t('admin.cancel.back')}
        onConfirm={() => {
          if (pastTheDoor && cancelReason.trim() === '') {
            document.getElementById(cancelReasonId)?.focus();
            return;
          }
          cancel(cancelling === 'refund');
        }}
        destructive
        pending={cancelRegistration.isPending}
      >
        <div className="confirm-dialog__choice">
          <label htmlFor={cancelReasonId}>{t('admin.cancel.reason')}</label>
          <textarea
            id={cancelReasonId}
            value={cancelReason}
            onChange={(event) => setCancelReason(event.target.value)}
            required={pastTheDoor}
            aria-describedby={`${cancelReasonId}-hint`}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            rows={2}
            disabled={cancelRegistration.isPending}
          />
          <p id={`${cancelReasonId}-hint`}>
            {pastTheDoor
              ? t('admin.cancel.reasonRequired', { name })
              : t('admin.cancel.reasonOptional')}
          </p>
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          if (!deleteRegistration.isPending) {
            setDeleting(open);
            setRefundOnDelete(true);
          }
        }}
        title={t('admin.delete.title')}
        description={t('admin.delete.description', { name, id })}
        confirmLabel={t('admin.delete.confirm')}
        cancelLabel={t('admin.delete.cancel')}
        onConfirm={remove}
        destructive
        pending={deleteRegistration.isPending}
      >
        {refundable && (
          <div className="confirm-dialog__choice">
            <p>{t('admin.delete.paid', { name })}</p>
            <label htmlFor={refundId}>
              <input
                id={refundId}
                type="checkbox"
                checked={refundOnDelete}
                onChange={(event) => setRefundOnDelete(event.target.checked)}
                disabled={deleteRegistration.isPending}
              />{' '}
              {t('admin.delete.refund')}
            </label>
          </div>
        )}
      </ConfirmDialog>
      {changing === 'move' && (
        <MoveBookingDialog
          registration={registration}
          name={name}
          onClose={() => setChanging(null)}
        />
      )}
      {changing === 'hand-on' && (
        <HandOnBookingDialog
          registration={registration}
          name={name}
          onClose={() => setChanging(null)}
        />
      )}
      {historyOpen && (
        <HistoryDrawer
          registrationId={registration.id}
          name={name}
          open={historyOpen}
          onOpenChange={setHistoryOpen}
        />
      )}
    </article>
  );
}
