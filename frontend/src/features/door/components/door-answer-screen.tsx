import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { DoorMessageId } from '../hooks/use-door-text';
import { useCheckedInBy, useDoorText } from '../hooks/use-door-text';
import { letsIn } from '../model/door-answer';
import type { AnswerKind, DoorAnswer } from '../model/door-answer';

export const ANSWER_TITLES: Record<AnswerKind, DoorMessageId> = {
  valid: 'door.answer.valid',
  already: 'door.answer.already',
  'wrong-slot': 'door.answer.wrongSlot',
  cancelled: 'door.answer.cancelled',
  'not-paid': 'door.answer.notPaid',
  expired: 'door.answer.expired',
  forged: 'door.answer.forged',
  unknown: 'door.answer.unknown',
};

/**
 * A scan's answer over the whole screen, green to let in and red to refuse, readable at arm's
 * length in the dark; the server's answer replaces the phone's when it comes. Any tap closes it.
 */
export function DoorAnswerScreen({
  answer,
  decodedAt,
  onClose,
}: {
  answer: DoorAnswer;
  /** When the code was read from the camera (performance.now()), to time the answer by. */
  decodedAt: number;
  onClose: () => void;
}) {
  const t = useDoorText();
  const checkedInBy = useCheckedInBy();
  const intl = useIntl();
  const close = useRef<HTMLButtonElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const good = letsIn(answer.kind);
  useEffect(() => {
    close.current?.focus();
  }, []);
  // How long the phone took from reading the code to showing its answer, and the server to
  // confirm it: written on the screen's element, where the browser tests and a curious operator's
  // developer tools read it.
  useEffect(() => {
    const shownAfter = Math.round(performance.now() - decodedAt);
    screen.current?.setAttribute(
      answer.source === 'server' ? 'data-server-answered-in-ms' : 'data-answered-in-ms',
      String(shownAfter),
    );
  }, [answer.source, decodedAt]);
  const when = answer.checkedInAt
    ? intl.formatTime(answer.checkedInAt, { timeStyle: 'short' })
    : null;
  return (
    <div
      ref={screen}
      className={`door-answer door-answer--${good ? 'good' : 'bad'}`}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="door-answer-title"
      aria-describedby="door-answer-detail"
      data-kind={answer.kind}
      data-source={answer.source}
      onClick={onClose}
    >
      <p className="door-answer__mark" aria-hidden="true">
        {good ? '✓' : '✕'}
      </p>
      <h2 id="door-answer-title" className="door-answer__title">
        {t(ANSWER_TITLES[answer.kind])}
      </h2>
      <div id="door-answer-detail" className="door-answer__detail">
        {answer.name && <p className="door-answer__name">{answer.name}</p>}
        {answer.seat !== undefined && good && <p>{t('door.seat', { seat: answer.seat })}</p>}
        {answer.kind === 'already' && when && (
          <p>
            {answer.checkedInBy || answer.checkedInDevice
              ? t('door.answer.alreadyBy', { time: when, by: checkedInBy(answer) })
              : t('door.answer.alreadyAt', { time: when })}
          </p>
        )}
        {answer.kind === 'wrong-slot' && answer.ticketSlot && (
          <p>
            {t('door.answer.ticketFor', {
              event: answer.ticketSlot.event,
              time: answer.ticketSlot.time,
            })}
          </p>
        )}
        {answer.queued && <p>{t('door.answer.queued')}</p>}
        <p className="door-answer__source">
          {t(answer.source === 'server' ? 'door.answer.byServer' : 'door.answer.byPhone')}
        </p>
      </div>
      <button ref={close} type="button" className="button door-answer__next" onClick={onClose}>
        {t('door.answer.next')}
      </button>
    </div>
  );
}
