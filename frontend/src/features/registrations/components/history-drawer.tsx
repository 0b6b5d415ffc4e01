import { useIntl } from 'react-intl';
import type { RegistrationHistoryEvent } from '../api/admin-registration';
import { useRegistrationHistory } from '../api/get-registration-history';
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
import { STATUS_LABEL } from '../model/registration-display';
import { HistoryFrame } from '../../../lib/admin-session/history-frame';

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
  return (
    <HistoryFrame
      title={t('admin.history.title', { name })}
      description={t('admin.history.description')}
      onClose={() => onOpenChange(false)}
      error={history.error}
      state={
        history.isPending
          ? 'loading'
          : history.isError
            ? 'failed'
            : history.data.length === 0
              ? 'empty'
              : 'shown'
      }
    >
      <ol className="history-list">
        {history.data?.map((event, index) => (
          <HistoryItem key={`${event.position ?? index}-${event.type}`} event={event} />
        ))}
      </ol>
    </HistoryFrame>
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
