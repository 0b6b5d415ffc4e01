import { useIntl } from 'react-intl';
import type { RegistrationHistoryEvent } from '../api/admin-registration';
import { useRegistrationHistory } from '../api/get-registration-history';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import {
  MOMENT_FIELDS,
  eventTypeLabel,
  fieldLabel,
  historyActor,
  historyDetails,
  valueLabel,
} from '../../../lib/admin-session/history-details';
import { actorNameShown } from '../../../lib/admin-session/operator-display';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useEffect, useId, useRef } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { STATUS_LABEL } from '../model/registration-display';

/** A side drawer with the registration's events in order, from the audit trail. */
export function HistoryDrawer({
  registrationId,
  name,
  open,
  onOpenChange,
}: {
  registrationId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useAdminText();
  const history = useRegistrationHistory(registrationId, open);
  const { sessionExpired } = useAdminFailure();
  const titleId = useId();
  const descriptionId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isUnauthorized(history.error)) sessionExpired();
  }, [history.error, sessionExpired]);

  return (
    <ModalDialog
      className="history-drawer"
      labelledBy={titleId}
      describedBy={descriptionId}
      onClose={() => onOpenChange(false)}
      initialFocus={closeButton}
    >
      <div className="history-drawer__head">
        <h2 id={titleId} className="dialog-title">
          {t('admin.history.title', { name })}
        </h2>
        <button
          ref={closeButton}
          type="button"
          className="button button--small button--ghost"
          onClick={() => onOpenChange(false)}
        >
          {t('admin.history.close')}
        </button>
      </div>
      <p id={descriptionId} className="muted">
        {t('admin.history.description')}
      </p>
      {history.isPending ? (
        <p role="status">{t('admin.history.loading')}</p>
      ) : history.isError ? (
        <p role="alert" className="field-error">
          {t('admin.history.error')}
        </p>
      ) : history.data.length === 0 ? (
        <p>{t('admin.history.empty')}</p>
      ) : (
        <ol className="history-list">
          {history.data.map((event, index) => (
            <HistoryItem key={`${event.position ?? index}-${event.type}`} event={event} />
          ))}
        </ol>
      )}
    </ModalDialog>
  );
}

function HistoryItem({ event }: { event: RegistrationHistoryEvent }) {
  const t = useAdminText();
  const intl = useIntl();
  const typeKey = eventTypeLabel(event.type);
  const typeLabel = typeKey in intl.messages ? t(typeKey as AdminMessageId) : event.type;
  const actor = historyActor(event.actor);
  const actorLabel = event.actorName
    ? actorNameShown(event.actorName, t)
    : actor.key
      ? t(actor.key)
      : actor.raw;
  const recorded = new Date(event.recordedAt);
  const details = historyDetails(event.payload, event.erasedFields);
  return (
    <li className="history-item">
      {/* In words: "Checked in at the door by Bianca Box", the log's own name kept for tools. */}
      <p className="history-item__type" data-event-type={event.type}>
        <strong>{typeLabel}</strong> {t('admin.history.by', { actor: actorLabel })}
      </p>
      <p className="history-item__meta">
        <time dateTime={event.recordedAt}>
          {Number.isNaN(recorded.getTime())
            ? event.recordedAt
            : intl.formatDate(recorded, { dateStyle: 'medium', timeStyle: 'medium' })}
        </time>
      </p>
      <p className="history-item__status">
        {t('admin.history.statusAfter', {
          status: t(event.listedAs ? STATUS_LABEL[event.listedAs] : 'admin.status.deleted'),
        })}
      </p>
      {details.length === 0 ? (
        <p className="muted">{t('admin.history.noDetails')}</p>
      ) : (
        <dl className="history-item__details">
          {details.map((detail) => {
            const label = fieldLabel(detail.field);
            const valueKey = valueLabel(detail.field, detail.value);
            const moment =
              MOMENT_FIELDS.has(detail.field) && typeof detail.value === 'string'
                ? new Date(detail.value)
                : null;
            return (
              <div key={detail.field}>
                <dt>{label ? t(label) : detail.field}</dt>
                <dd className={detail.erased ? 'history-item__erased' : undefined}>
                  {detail.erased
                    ? t('admin.history.erased')
                    : typeof detail.value === 'boolean'
                      ? detail.value
                        ? t('admin.yes')
                        : t('admin.no')
                      : valueKey
                        ? t(valueKey)
                        : moment && !Number.isNaN(moment.getTime())
                          ? intl.formatDate(moment, { dateStyle: 'medium', timeStyle: 'medium' })
                          : detail.value}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </li>
  );
}
