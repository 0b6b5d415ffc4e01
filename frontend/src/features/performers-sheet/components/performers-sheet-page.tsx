import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useAnswerSheetSuspicions } from '../api/answer-sheet-suspicions';
import { sheetNotReady, useApprovePerformersSheet } from '../api/approve-performers-sheet';
import {
  usePerformersSheet,
  type PerformersSheet,
  type SheetDream,
  type SheetSpan,
  type SpanCategory,
} from '../api/get-performers-sheet';
import { usePrintedSheet } from '../api/print-performers-sheet';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import {
  initialDraft,
  nextOpenSuspicion,
  printHold,
  rebaseDraft,
  type DreamDraft,
  type SuspicionRef,
} from '../model/sheet-review';
import { localCity, localVenue } from '../../../lib/admin-session/tour-names';
import { DreamReview, suspicionControlId } from './dream-review';
import './performers-sheet.css';

/**
 * The drafts of a sheet the server answered anew: a dream approved anew starts from its approved
 * text; a dream whose suspicions were answered keeps the operator's edits, the answered words
 * changed; any other dream keeps its draft, or starts from the server's text.
 */
function drafts(
  sheet: PerformersSheet,
  previous: PerformersSheet | undefined,
  edits: Record<string, DreamDraft>,
): Record<string, DreamDraft> {
  return Object.fromEntries(
    sheet.dreams.map((dream) => {
      const before = previous?.dreams.find((item) => item.registrationId === dream.registrationId);
      const draft = edits[dream.registrationId];
      if (!before || !draft || before.approvedAt !== dream.approvedAt) {
        return [dream.registrationId, initialDraft(dream)];
      }
      return [dream.registrationId, rebaseDraft(draft, before, dream)];
    }),
  );
}

/** What the server refused as still personal, for the text it was refused for. */
interface PersonalRefusal {
  text: string;
  categories: SpanCategory[];
}

/** Where the focus goes once an answer is recorded: a suspicion, or the approval. */
type FocusTarget = SuspicionRef | 'approve';

/**
 * /admin/sheet?event=…&time=…: a slot's performers' sheet. On screen, each dream as written
 * beside the text the performers will read, what the anonymiser replaced and what it suspects
 * marked, each suspicion answered in place, the texts to change and approve; on paper (the print
 * stylesheet), the approved dreams alone as the server lets them out, numbered by seat.
 */
export function PerformersSheetPage() {
  const t = useAdminText();
  const intl = useIntl();
  const toast = useToast();
  const { fail, sessionExpired } = useAdminFailure();
  const [params] = useSearchParams();
  const slug = params.get('event') ?? '';
  const time = params.get('time') ?? '';
  const sheet = usePerformersSheet(slug, time);
  const approve = useApprovePerformersSheet();
  const answer = useAnswerSheetSuspicions();
  const titleId = useId();
  const [edits, setEdits] = useState<Record<string, DreamDraft>>({});
  const [shown, setShown] = useState<PerformersSheet | undefined>(undefined);
  const [acceptedTexts, setAcceptedTexts] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState<Record<string, PersonalRefusal>>({});
  const [cursor, setCursor] = useState<SuspicionRef | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);

  useEffect(() => {
    if (isUnauthorized(sheet.error)) sessionExpired();
  }, [sheet.error, sessionExpired]);

  // A sheet the server answers anew (loaded, answered, or approved) brings the drafts along.
  if (sheet.data && sheet.data !== shown) {
    setShown(sheet.data);
    setEdits(drafts(sheet.data, shown, edits));
  }

  const data = sheet.data;
  const hold = data ? printHold(data) : null;
  const held = !data || hold !== null || !data.printable;
  const printed = usePrintedSheet(slug, time, !held);

  // The focus goes where the reviewer's answer sends it, once that control can take it.
  const focused = useRef<FocusTarget | null>(null);
  useEffect(() => {
    if (!focusTarget || focused.current === focusTarget) return;
    const id =
      focusTarget === 'approve'
        ? `${titleId}-approve`
        : suspicionControlId(focusTarget.registrationId, focusTarget.spanId);
    const element = document.getElementById(id);
    if (!(element instanceof HTMLButtonElement) || element.disabled) return;
    element.focus();
    element.scrollIntoView?.({ block: 'center' });
    focused.current = focusTarget;
  }, [focusTarget, titleId, data, answer.isPending]);

  const place = data ? localCity(data, intl.locale) : '';
  const venue = data ? localVenue(data, intl.locale) : '';
  const start = data ? new Date(data.startsAt) : null;
  const date =
    data && start && !Number.isNaN(start.getTime())
      ? intl.formatDate(start, { dateStyle: 'full', timeZone: data.timeZone })
      : '';
  const title = data ? t('admin.sheet.title', { city: place, date, slot: data.time }) : '';
  const approved = data?.dreams.filter((dream) => dream.approvedText !== null) ?? [];
  const anyBlank = Object.values(edits).some((draft) => draft.text.trim() === '');
  const open = data?.openSuspicions ?? 0;
  const draftOf = (dream: SheetDream) => edits[dream.registrationId] ?? initialDraft(dream);

  /** Whether the operator approves this dream's text as it is although it looks personal. */
  function isAccepted(dream: SheetDream): boolean {
    const text = draftOf(dream).text.trim();
    const ticked = acceptedTexts[dream.registrationId];
    if (ticked !== undefined) return ticked === text;
    return dream.stillPersonalAccepted && dream.approvedText === text;
  }

  /** What still looks personal in the dream's text as it stands, as the server said. */
  function personalOf(dream: SheetDream): SpanCategory[] {
    const text = draftOf(dream).text.trim();
    const refused = refusals[dream.registrationId];
    if (refused && refused.text === text) return refused.categories;
    if (dream.approvedText === text) return dream.stillPersonal;
    return [];
  }

  function goToNext() {
    if (!data) return;
    const next = nextOpenSuspicion(data, cursor);
    if (!next) return;
    setCursor(next);
    setFocusTarget(next);
  }

  function answerSuspicion(dream: SheetDream, span: SheetSpan, given: 'replace' | 'keep') {
    if (!data) return;
    const here = { registrationId: dream.registrationId, spanId: span.id };
    const next = nextOpenSuspicion(data, here);
    setCursor(here);
    answer.mutate(
      { slug, time, answers: [{ ...here, answer: given }] },
      {
        onSuccess: () => setFocusTarget(next ?? 'approve'),
        onError: (error) => {
          if (error instanceof Error && 'status' in error && error.status === 400) {
            void sheet.refetch();
            fail(error, 'admin.sheet.answerFailed', t('admin.sheet.answerStale'));
            return;
          }
          fail(error, 'admin.sheet.answerFailed', t('admin.sheet.toast.failed.description'));
        },
      },
    );
  }

  function submit() {
    if (!data || anyBlank || open > 0) return;
    const texts = data.dreams.map((dream) => ({
      registrationId: dream.registrationId,
      text: draftOf(dream).text.trim(),
      acceptStillPersonal: isAccepted(dream),
    }));
    approve.mutate(
      { slug, time, dreams: texts },
      {
        onSuccess: (answer) => {
          setRefusals({});
          toast({
            title: t('admin.sheet.toast.approved.title'),
            description: t('admin.sheet.toast.approved.description', {
              count: answer.dreams.length,
            }),
          });
        },
        onError: (error) => {
          const notReady = sheetNotReady(error);
          if (!notReady) {
            fail(
              error,
              'admin.sheet.toast.failed.title',
              t('admin.sheet.toast.failed.description'),
            );
            return;
          }
          if (notReady.reason === 'still-personal') {
            setRefusals(
              Object.fromEntries(
                notReady.dreams.map((dream) => [
                  dream.registrationId,
                  {
                    text:
                      texts.find((item) => item.registrationId === dream.registrationId)?.text ??
                      '',
                    categories: dream.stillPersonal,
                  },
                ]),
              ),
            );
          } else {
            void sheet.refetch();
          }
          toast({
            title: t('admin.sheet.toast.notReady.title'),
            description: t(
              notReady.reason === 'still-personal'
                ? 'admin.sheet.toast.notReady.personal'
                : 'admin.sheet.toast.notReady.open',
            ),
            variant: 'destructive',
          });
        },
      },
    );
  }

  const printReason = !data
    ? ''
    : hold?.reason === 'open'
      ? t('admin.sheet.printHeld.open', { count: hold.count })
      : hold?.reason === 'personal'
        ? t('admin.sheet.printHeld.personal', {
            count: hold.seats.length,
            seats: new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(
              hold.seats.map(String),
            ),
          })
        : hold?.reason === 'none'
          ? t('admin.sheet.printHeld.none')
          : printed.data
            ? t('admin.sheet.printReady')
            : t('admin.sheet.printHeld.loading');

  return (
    <div className="command-center performers-sheet">
      <header className="command-center__head performers-sheet__screen">
        <div>
          <h1 id={titleId}>{t('admin.sheet.heading')}</h1>
          {data && <p className="command-center__count">{title}</p>}
          {data && <p className="muted">{venue}</p>}
        </div>
      </header>

      <div className="performers-sheet__screen">
        <p>
          <Link to="/admin/tour">{t('admin.sheet.back')}</Link>
        </p>
        {sheet.isPending && (
          <p className="page-loading" role="status">
            {t('admin.sheet.loading')}
          </p>
        )}
        {sheet.isError && !isUnauthorized(sheet.error) && (
          <p className="notice notice--error" role="alert">
            {t('admin.sheet.loadError')}
          </p>
        )}
        {data && data.dreams.length === 0 && <p>{t('admin.sheet.empty')}</p>}
        {data && data.dreams.length > 0 && (
          <section className="admin-panel" aria-labelledby={`${titleId}-review`}>
            <h2 id={`${titleId}-review`}>{t('admin.sheet.review')}</h2>
            <p className="muted">{t('admin.sheet.reviewHelp')}</p>
            <p className="muted sheet-legend">
              <span className="sheet-mark sheet-mark--replaced" aria-hidden="true">
                X.
              </span>{' '}
              <span className="sheet-mark sheet-mark--open" aria-hidden="true">
                A.<span className="sheet-mark__sign">?</span>
              </span>{' '}
              <span className="sheet-mark sheet-mark--answered-keep" aria-hidden="true">
                Ana
              </span>{' '}
              {t('admin.sheet.legend')}
            </p>
            <div className="sheet-progress">
              <p
                className={`sheet-progress__count${open > 0 ? ' sheet-progress__count--open' : ''}`}
                role="status"
                data-testid="sheet-open-count"
              >
                {t('admin.sheet.sheetOpen', { count: open })}
              </p>
              {open > 0 && (
                <button type="button" className="button button--small" onClick={goToNext}>
                  {t('admin.sheet.next')}
                </button>
              )}
            </div>
            <ol className="sheet-dreams">
              {data.dreams.map((dream) => (
                <DreamReview
                  key={dream.registrationId}
                  dream={dream}
                  draft={draftOf(dream)}
                  disabled={approve.isPending}
                  answering={answer.isPending}
                  personal={personalOf(dream)}
                  accepted={isAccepted(dream)}
                  onAccept={(accepted) =>
                    setAcceptedTexts((current) => ({
                      ...current,
                      [dream.registrationId]: accepted ? draftOf(dream).text.trim() : '',
                    }))
                  }
                  onAnswer={(span, given) => answerSuspicion(dream, span, given)}
                  onChange={(draft) =>
                    setEdits((current) => ({ ...current, [dream.registrationId]: draft }))
                  }
                />
              ))}
            </ol>
            <div className="performers-sheet__actions">
              <button
                type="button"
                id={`${titleId}-approve`}
                className="button button--primary"
                onClick={submit}
                disabled={approve.isPending || anyBlank || open > 0}
                aria-describedby={open > 0 ? `${titleId}-approve-held` : undefined}
              >
                {approve.isPending ? t('admin.sheet.approving') : t('admin.sheet.approve')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => window.print()}
                disabled={held || !printed.data}
                aria-describedby={`${titleId}-print-state`}
              >
                {t('admin.sheet.print')}
              </button>
            </div>
            {open > 0 && (
              <p id={`${titleId}-approve-held`} className="muted">
                {t('admin.sheet.approveHeld')}
              </p>
            )}
            <p
              id={`${titleId}-print-state`}
              className={held ? 'notice notice--warning' : 'muted'}
              aria-live="polite"
              data-testid="sheet-print-state"
            >
              {printReason}
            </p>
            <p className="muted" aria-live="polite">
              {t('admin.sheet.printable', { approved: approved.length, total: data.dreams.length })}
            </p>
          </section>
        )}
      </div>

      {data && (
        <article className="performers-sheet__paper" aria-label={t('admin.sheet.paper')}>
          <h2>{title}</h2>
          <p>{venue}</p>
          {!held && printed.data && (
            <ol className="performers-sheet__paper-dreams">
              {printed.data.dreams.map((dream) => (
                <li key={dream.seat} className="paper-dream">
                  <h3>{t('admin.sheet.dream', { seat: dream.seat })}</h3>
                  <p>{dream.text}</p>
                </li>
              ))}
            </ol>
          )}
        </article>
      )}
    </div>
  );
}
