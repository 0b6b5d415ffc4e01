import type { RecordedEvent } from '../../event-store/event-store.types';
import type { SqlExecutor } from '../../event-store/sql-executor';
import { findOperatorLocale } from '../credentials/second-factors';
import type { Locale } from '../../common/locale';
import { enqueueOperatorNotice, type OperatorNoticeChange } from '../../notifications/outbox';

/**
 * Queues the email that tells an operator a sign-in factor of theirs changed, in their language,
 * in the transaction that recorded the change (`recorded`: its event): the email exists if and
 * only if the change does.
 */
export async function noticeFactorChange(
  sql: SqlExecutor,
  notice: {
    operatorId: string;
    change: OperatorNoticeChange;
    by: 'self' | 'owner';
    passkeyName?: string;
  },
  recorded: RecordedEvent,
): Promise<void> {
  const locale = await findOperatorLocale(sql, notice.operatorId);
  await enqueueOperatorNotice(
    sql,
    {
      ...notice,
      at: recorded.recordedAt.toISOString(),
      locale: (['en', 'it', 'ro'].includes(locale ?? '') ? locale : 'en') as Locale,
    },
    recorded.globalPosition,
  );
}
