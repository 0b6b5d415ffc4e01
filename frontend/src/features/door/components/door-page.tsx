import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { HttpError } from '../../../lib/http-error';
import { useLatest } from '../../../lib/use-latest';
import { useDoorSlots } from '../api/get-door-slots';
import { useDoor } from '../hooks/use-door';
import type { DoorNotice, DoorPerson } from '../hooks/use-door';
import { useCheckedInBy, useDoorText } from '../hooks/use-door-text';
import { answerFromServer, answerFromVerdict, kindOfReason, letsIn } from '../model/door-answer';
import type { DoorAnswer } from '../model/door-answer';
import { rememberSlot, rememberedSlot } from '../model/door-cache';
import type { SlotRef } from '../model/door-list';
import { sameSlot } from '../model/door-list';
import { keepDoorPageOffline } from '../model/offline-page';
import { prepareDoorSound, playDoorSound } from '../model/door-sound';
import { matchesSearch } from '../model/search-text';
import { nextSlot } from '../model/slot-choice';
import type { DoorSlot } from '../model/slot-choice';
import { prepareTicketVerification, verifyTicket } from '../model/ticket';
import { ANSWER_TITLES, DoorAnswerScreen } from './door-answer-screen';
import { PhoneName } from './phone-name';
import { QrScanner, preloadQrReader } from './qr-scanner';
import './door.css';
import { Field } from '../../../components/field';

const slotValue = (slot: SlotRef) => `${slot.event}\n${slot.time}`;

function useSlotLabel() {
  const intl = useIntl();
  return useCallback(
    (slot: DoorSlot) =>
      `${slot.city} · ${intl.formatDate(slot.startsAt, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: slot.timeZone,
      })}`,
    [intl],
  );
}

function Notice({ notice, onDismiss }: { notice: DoorNotice; onDismiss: () => void }) {
  const t = useDoorText();
  const checkedInBy = useCheckedInBy();
  const intl = useIntl();
  return (
    <li className="notice notice--error door-notice">
      <span>
        {notice.kind === 'conflict'
          ? t('door.notice.conflict', {
              name: notice.checkIn.name,
              by: checkedInBy(notice.checkIn),
              time: intl.formatTime(notice.checkIn.checkedInAt, { timeStyle: 'short' }),
            })
          : t('door.notice.refused', {
              name: notice.name,
              reason: t(ANSWER_TITLES[kindOfReason(notice.reason)]),
            })}
      </span>
      <button type="button" className="button button--small button--ghost" onClick={onDismiss}>
        {t('door.notice.dismiss')}
      </button>
    </li>
  );
}

/** What a row's buttons do, the same functions for every row and every render. */
interface RowActions {
  onCheckIn: (person: DoorPerson) => void;
  onUndo: (person: DoorPerson) => void;
}

/** One seated person; drawn again only when they or their row's state change. */
const PersonRow = memo(function PersonRow({
  person,
  busy,
  onCheckIn,
  onUndo,
}: {
  person: DoorPerson;
  busy: boolean;
} & RowActions) {
  const t = useDoorText();
  const checkedInBy = useCheckedInBy();
  const intl = useIntl();
  const checkedIn = person.state === 'checked-in';
  return (
    <li className={`door-person door-person--${person.state}`}>
      <span className="door-person__seat" aria-label={t('door.seat', { seat: person.seat })}>
        {person.seat}
      </span>
      <span className="door-person__who">
        <span className="door-person__name">{person.name}</span>
        <span className="door-person__state">
          {checkedIn
            ? t(person.queued ? 'door.state.queued' : 'door.state.checkedIn', {
                time: person.checkedInAt
                  ? intl.formatTime(person.checkedInAt, { timeStyle: 'short' })
                  : '',
                by: checkedInBy(person),
              })
            : t(person.state === 'no-show' ? 'door.state.noShow' : 'door.state.notArrived')}
        </span>
      </span>
      {checkedIn ? (
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => onUndo(person)}
          disabled={busy}
          aria-label={t('door.undoFor', { name: person.name })}
        >
          {t('door.undo')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--small button--primary"
          onClick={() => onCheckIn(person)}
          disabled={busy}
          aria-label={t('door.checkInFor', { name: person.name })}
        >
          {t('door.checkIn')}
        </button>
      )}
    </li>
  );
});

/**
 * The seated list (after the search): drawn again when its people, the row at work or the
 * search change, not when a scan's answer opens or closes over it, which on a phone's CPU took
 * longer than the answer itself with a thousand rows.
 */
const SeatedPeople = memo(function SeatedPeople({
  people,
  busy,
  onCheckIn,
  onUndo,
}: {
  people: DoorPerson[];
  /** The handle of the row whose check-in or undo is under way. */
  busy: string | null;
} & RowActions) {
  return (
    <ul className="door-people">
      {people.map((person) => (
        <PersonRow
          key={person.handle}
          person={person}
          busy={busy === person.handle}
          onCheckIn={onCheckIn}
          onUndo={onUndo}
        />
      ))}
    </ul>
  );
});

/**
 * The door of a slot, on the phone at the venue's entrance: scan tickets (answered first from
 * the door list the phone holds, then by the server), or find a name and check them in; undo;
 * mark the no-shows once the slot has started. Works without a network from the last list.
 */
export function DoorPage({
  onSignedOut,
  operatorName = null,
}: {
  onSignedOut: () => void;
  /** Who is signed in on this phone, named on the check-ins it has not sent yet. */
  operatorName?: string | null;
}) {
  const t = useDoorText();
  const checkedInBy = useCheckedInBy();
  const intl = useIntl();
  const toast = useToast();
  const slotLabel = useSlotLabel();
  const titleId = useId();
  const slotId = useId();
  const searchId = useId();
  const slots = useDoorSlots();
  const [chosen, setChosen] = useState<SlotRef | null>(() => rememberedSlot(localStorage));
  const available = slots.data ?? [];
  const slot: SlotRef | null =
    (chosen && (available.length === 0 || available.some((known) => sameSlot(known, chosen)))
      ? chosen
      : nextSlot(available, new Date())) ?? null;
  const door = useDoor(slot, onSignedOut, operatorName);
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query);
  const [scanning, setScanning] = useState(false);
  const [answer, setAnswer] = useState<{
    answer: DoorAnswer;
    decodedAt: number;
    code: string;
  } | null>(null);
  const openScan = useRef<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmNoShows, setConfirmNoShows] = useState(false);
  const [markingNoShows, setMarkingNoShows] = useState(false);
  const list = door.list.data;

  // What a scan needs is fetched before the page hands its files to the worker to keep, so the
  // first scan may happen offline.
  const keys = list?.keys;
  const prepared = useRef(false);
  useEffect(() => {
    if (!keys || prepared.current) return;
    prepared.current = true;
    void Promise.allSettled([preloadQrReader(), prepareTicketVerification(keys)]).then(() =>
      keepDoorPageOffline(),
    );
  }, [keys]);

  function choose(value: string) {
    const [event, time] = value.split('\n');
    if (!event || time === undefined) return;
    const next = { event, time };
    setChosen(next);
    rememberSlot(localStorage, next);
  }

  const shown = useMemo(
    () => door.people.filter((person) => matchesSearch(`${person.name} ${person.shortId}`, search)),
    [door.people, search],
  );
  const waiting = useMemo(
    () => (list?.waitingList ?? []).filter((person) => matchesSearch(person.name, search)),
    [list, search],
  );
  const arrived = door.people.filter((person) => person.state === 'checked-in').length;
  // The server's word, read again with the list every 10 seconds.
  const started = list?.started ?? false;

  const failed = useCallback(
    (error: unknown) => {
      if (isUnauthorized(error)) return onSignedOut();
      toast({
        title: t('door.failed.title'),
        description:
          error instanceof HttpError && error.status === 409
            ? t('door.failed.notCheckedIn')
            : t('door.failed.description'),
        variant: 'destructive',
      });
    },
    [onSignedOut, t, toast],
  );

  const onCode = useCallback(
    async (code: string, decodedAt: number) => {
      if (!list) return;
      const verdict = await verifyTicket(code, list, new Date(), door.localCheckIns);
      const phone = answerFromVerdict(verdict);
      openScan.current = code;
      setAnswer({ answer: phone, decodedAt, code });
      playDoorSound(letsIn(phone.kind));
      const seatOf = (checkIn: { handle: string }) =>
        list.seated.find((person) => person.handle === checkIn.handle)?.seat;
      let outcome;
      if (verdict.kind === 'valid') outcome = await door.checkIn(verdict.person, code);
      else if (verdict.kind !== 'unknown' && verdict.kind !== 'forged' && door.online) {
        outcome = await door.askServer(code);
      } else return;
      const server = answerFromServer(phone, outcome, seatOf);
      // Only over the same scan's screen, still open; a change of colour sounds again.
      if (openScan.current !== code) return;
      if (letsIn(server.kind) !== letsIn(phone.kind)) playDoorSound(letsIn(server.kind));
      setAnswer((current) => (current?.code === code ? { ...current, answer: server } : current));
    },
    [list, door],
  );

  async function checkInByName(person: DoorPerson) {
    setBusy(person.handle);
    try {
      const outcome = await door.checkIn(person);
      if (outcome.kind === 'conflict') {
        toast({
          title: t('door.answer.already'),
          description: t('door.notice.conflict', {
            name: outcome.checkIn.name,
            by: checkedInBy(outcome.checkIn),
            time: intl.formatTime(outcome.checkIn.checkedInAt, { timeStyle: 'short' }),
          }),
          variant: 'destructive',
        });
      } else if (outcome.kind === 'refused') {
        toast({
          title: t('door.failed.title'),
          description: t('door.notice.refused', {
            name: person.name,
            reason: outcome.reason,
          }),
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(null);
    }
  }

  async function undo(person: DoorPerson) {
    setBusy(person.handle);
    try {
      await door.undo(person.handle);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  // The rows' buttons call the latest of these through functions that stay the same, so that
  // the list is not drawn again for a new closure at each render.
  const rowActionsRef = useLatest({ checkInByName, undo });
  const onCheckIn = useCallback(
    (person: DoorPerson) => void rowActionsRef.current.checkInByName(person),
    [rowActionsRef],
  );
  const onUndo = useCallback(
    (person: DoorPerson) => void rowActionsRef.current.undo(person),
    [rowActionsRef],
  );

  async function markNoShows() {
    setMarkingNoShows(true);
    try {
      const marked = await door.noShows();
      setConfirmNoShows(false);
      toast({ title: t('door.noShows.done', { count: marked }) });
    } catch (error) {
      setConfirmNoShows(false);
      failed(error);
    } finally {
      setMarkingNoShows(false);
    }
  }

  return (
    <div className="command-center door-page">
      <header className="door-page__head">
        <div className="door-page__title">
          <h1 id={titleId}>{t('door.title')}</h1>
          {list && (
            <p className="door-page__count" aria-live="polite">
              <strong>{t('door.count', { arrived, seated: door.people.length })}</strong>
            </p>
          )}
        </div>
      </header>

      <p className={`door-status door-status--${door.online ? 'online' : 'offline'}`} role="status">
        {door.online
          ? door.pendingCount > 0
            ? t('door.status.sending', { count: door.pendingCount })
            : list
              ? t('door.status.online', {
                  time: intl.formatTime(list.syncedAt, { timeStyle: 'medium' }),
                })
              : ''
          : t('door.status.offline', {
              count: door.pendingCount,
              time: list ? intl.formatTime(list.syncedAt, { timeStyle: 'short' }) : '—',
            })}
      </p>

      {door.notices.length > 0 && (
        <ul className="door-notices" role="alert">
          {door.notices.map((notice) => (
            <Notice
              key={notice.id}
              notice={notice}
              onDismiss={() => door.dismissNotice(notice.id)}
            />
          ))}
        </ul>
      )}

      <div className="door-page__controls">
        <div className="field">
          <label htmlFor={slotId}>{t('door.slot')}</label>
          <select
            id={slotId}
            value={slot ? slotValue(slot) : ''}
            onChange={(event) => choose(event.target.value)}
          >
            {!slot && <option value="">{t('door.noSlot')}</option>}
            {slot && !available.some((known) => sameSlot(known, slot)) && (
              <option value={slotValue(slot)}>{`${slot.event} · ${slot.time}`}</option>
            )}
            {available.map((known) => (
              <option key={slotValue(known)} value={slotValue(known)}>
                {slotLabel(known)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--primary button--block door-page__scan"
          disabled={!list}
          aria-pressed={scanning}
          onClick={() => {
            prepareDoorSound();
            setScanning((on) => !on);
          }}
        >
          {scanning ? t('door.scan.stop') : t('door.scan.start')}
        </button>
      </div>

      {scanning && list && (
        <QrScanner paused={answer !== null} onCode={(code, at) => void onCode(code, at)} />
      )}

      {door.list.isPending && door.list.fetchStatus === 'fetching' ? (
        <p role="status">{t('door.loading')}</p>
      ) : !list ? (
        slot && (
          <p className="notice notice--error" role="alert">
            {t('door.loadError')}
          </p>
        )
      ) : (
        <>
          <Field id={searchId} label={t('door.search')} className="door-page__search">
            <input
              id={searchId}
              type="search"
              value={query}
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
            />
          </Field>

          <section className="admin-panel" aria-labelledby={`${titleId}-seated`}>
            <h2 id={`${titleId}-seated`}>{t('door.seated', { count: shown.length })}</h2>
            {shown.length === 0 ? (
              <p>{t('door.nobody')}</p>
            ) : (
              <SeatedPeople people={shown} busy={busy} onCheckIn={onCheckIn} onUndo={onUndo} />
            )}
          </section>

          <section className="admin-panel" aria-labelledby={`${titleId}-waiting`}>
            <h2 id={`${titleId}-waiting`}>{t('door.waiting', { count: waiting.length })}</h2>
            {waiting.length === 0 ? (
              <p>{t('door.nobodyWaiting')}</p>
            ) : (
              <ol className="door-waiting">
                {waiting.map((person) => (
                  <li key={person.handle}>
                    <span className="door-person__seat">{person.position}</span> {person.name}
                  </li>
                ))}
              </ol>
            )}
          </section>

          {started && (
            <button
              type="button"
              className="button button--ghost button--block"
              disabled={!door.online}
              onClick={() => setConfirmNoShows(true)}
            >
              {t('door.noShows.open')}
            </button>
          )}
        </>
      )}

      <PhoneName name={door.device} onRename={door.renamePhone} />

      <ConfirmDialog
        open={confirmNoShows}
        onOpenChange={setConfirmNoShows}
        title={t('door.noShows.title')}
        description={t('door.noShows.description', {
          count: door.people.filter((person) => person.state === 'not-arrived').length,
        })}
        confirmLabel={t('door.noShows.confirm')}
        cancelLabel={t('door.noShows.cancel')}
        onConfirm={() => void markNoShows()}
        pending={markingNoShows}
        destructive
      />

      {answer && (
        <DoorAnswerScreen
          answer={answer.answer}
          decodedAt={answer.decodedAt}
          onClose={() => {
            openScan.current = null;
            setAnswer(null);
          }}
        />
      )}
    </div>
  );
}
