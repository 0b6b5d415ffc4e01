import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast';
import { isUnauthorized } from '../api/admin-request';
import { useApprovePerformersSheet } from '../api/approve-performers-sheet';
import { usePerformersSheet, type PerformersSheet } from '../api/get-performers-sheet';
import { useAdminFailure } from '../hooks/use-admin-feedback';
import { useAdminText } from '../hooks/use-admin-text';
import { localCity, localVenue } from '../model/tour-names';
import { ConsoleNav } from './console-nav';
import { DreamReview, initialDraft, type DreamDraft } from './dream-review';
import { LogoutButton } from './logout-button';
import './performers-sheet.css';

/** The drafts of a sheet the server answered: each dream's approved or anonymised text. */
function drafts(sheet: PerformersSheet): Record<string, DreamDraft> {
  return Object.fromEntries(
    sheet.dreams.map((dream) => [dream.registrationId, initialDraft(dream)]),
  );
}

/**
 * /admin/sheet?event=…&time=…: a slot's performers' sheet. On screen, each dream as the server
 * anonymised it, its replacements highlighted, to review, change and approve; on paper (the
 * print stylesheet), the approved dreams alone, numbered by seat, under the sheet's title.
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
  const titleId = useId();
  const [edits, setEdits] = useState<Record<string, DreamDraft>>({});
  const [shown, setShown] = useState<PerformersSheet | undefined>(undefined);

  useEffect(() => {
    if (isUnauthorized(sheet.error)) sessionExpired();
  }, [sheet.error, sessionExpired]);

  // A sheet the server answers anew (loaded, or approved) replaces the drafts.
  if (sheet.data && sheet.data !== shown) {
    setShown(sheet.data);
    setEdits(drafts(sheet.data));
  }

  const data = sheet.data;
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

  function submit() {
    if (!data || anyBlank) return;
    approve.mutate(
      {
        slug,
        time,
        dreams: data.dreams.map((dream) => ({
          registrationId: dream.registrationId,
          text: (edits[dream.registrationId] ?? initialDraft(dream)).text.trim(),
        })),
      },
      {
        onSuccess: (answer) =>
          toast({
            title: t('admin.sheet.toast.approved.title'),
            description: t('admin.sheet.toast.approved.description', {
              count: answer.dreams.length,
            }),
          }),
        onError: (error) =>
          fail(error, 'admin.sheet.toast.failed.title', t('admin.sheet.toast.failed.description')),
      },
    );
  }

  return (
    <div className="command-center performers-sheet">
      <header className="command-center__head performers-sheet__screen">
        <div>
          <h1 id={titleId}>{t('admin.sheet.heading')}</h1>
          {data && <p className="command-center__count">{title}</p>}
          {data && <p className="muted">{venue}</p>}
        </div>
        <LogoutButton />
        <ConsoleNav />
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
            <ol className="sheet-dreams">
              {data.dreams.map((dream) => (
                <DreamReview
                  key={dream.registrationId}
                  dream={dream}
                  draft={edits[dream.registrationId] ?? initialDraft(dream)}
                  disabled={approve.isPending}
                  onChange={(draft) =>
                    setEdits((current) => ({ ...current, [dream.registrationId]: draft }))
                  }
                />
              ))}
            </ol>
            <div className="performers-sheet__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={submit}
                disabled={approve.isPending || anyBlank}
              >
                {approve.isPending ? t('admin.sheet.approving') : t('admin.sheet.approve')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => window.print()}
                disabled={approved.length === 0}
              >
                {t('admin.sheet.print')}
              </button>
            </div>
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
          <ol className="performers-sheet__paper-dreams">
            {approved.map((dream) => (
              <li key={dream.registrationId} className="paper-dream">
                <h3>{t('admin.sheet.dream', { seat: dream.seat })}</h3>
                <p>{dream.approvedText}</p>
              </li>
            ))}
          </ol>
        </article>
      )}
    </div>
  );
}
