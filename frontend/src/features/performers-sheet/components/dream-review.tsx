import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { SheetDream, SheetSpan, SpanCategory } from '../api/get-performers-sheet';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import { shiftReplacements, textSegments } from '../model/sheet-replacements';
import { isOpen, originalSpans, type DreamDraft, type PlacedSpan } from '../model/sheet-review';
import { FieldError } from '../../../components/field';

const CATEGORY_LABEL: Record<SpanCategory, AdminMessageId> = {
  'author-name': 'admin.sheet.category.author-name',
  'author-email': 'admin.sheet.category.author-email',
  'author-phone': 'admin.sheet.category.author-phone',
  'author-handle': 'admin.sheet.category.author-handle',
  'other-person': 'admin.sheet.category.other-person',
  email: 'admin.sheet.category.email',
  phone: 'admin.sheet.category.phone',
  web: 'admin.sheet.category.web',
  handle: 'admin.sheet.category.handle',
  address: 'admin.sheet.category.address',
  workplace: 'admin.sheet.category.workplace',
  plate: 'admin.sheet.category.plate',
};

/** How a span is marked: sure and replaced, suspected and open, or answered by the reviewer. */
type MarkState = 'replaced' | 'open' | 'answered-replace' | 'answered-keep';

function markState(span: Pick<SheetSpan, 'kind' | 'answer'>): MarkState {
  if (span.kind === 'replaced') return 'replaced';
  if (span.answer === null) return 'open';
  return span.answer === 'replace' ? 'answered-replace' : 'answered-keep';
}

const MARK_LABEL: Record<MarkState, AdminMessageId> = {
  replaced: 'admin.sheet.mark.replaced',
  open: 'admin.sheet.mark.open',
  'answered-replace': 'admin.sheet.mark.answeredReplace',
  'answered-keep': 'admin.sheet.mark.answeredKeep',
};

/** The id of a suspicion's first control, which "next open suspicion" moves the focus to. */
export function suspicionControlId(registrationId: string, spanId: string): string {
  return `suspicion-${registrationId}-${spanId}`;
}

/**
 * A text with the anonymiser's spans marked: by colour and by shape (a solid box for what was
 * replaced, a dashed one with "?" for an open suspicion, a dotted underline for one kept), and in
 * words for screen readers.
 */
function MarkedText({
  text,
  spans,
  className,
  testId,
}: {
  text: string;
  spans: readonly PlacedSpan[];
  className: string;
  testId?: string;
}) {
  const t = useAdminText();
  return (
    <p className={className} data-testid={testId}>
      {textSegments(text, spans).map((segment, index) => {
        if (!segment.span) return <span key={index}>{segment.text}</span>;
        const state = markState(segment.span);
        const label = t(MARK_LABEL[state], {
          category: t(CATEGORY_LABEL[segment.span.category]),
        });
        return (
          <mark key={index} className={`sheet-mark sheet-mark--${state}`} title={label}>
            {segment.text}
            {state === 'open' && (
              <span className="sheet-mark__sign" aria-hidden="true">
                ?
              </span>
            )}
            <span className="visually-hidden"> ({label})</span>
          </mark>
        );
      })}
    </p>
  );
}

/**
 * One dream of the sheet under review: as written and as the performers will read it, side by
 * side; each suspicion answered in place (replace or keep); and the text to approve, which the
 * operator may change, the marks following the edit.
 */
export function DreamReview({
  dream,
  draft,
  onChange,
  onAnswer,
  disabled,
  answering,
  personal,
  accepted,
  onAccept,
}: {
  dream: SheetDream;
  draft: DreamDraft;
  onChange: (draft: DreamDraft) => void;
  onAnswer: (span: SheetSpan, answer: 'replace' | 'keep') => void;
  disabled: boolean;
  answering: boolean;
  /** What the server still finds personal in the text, or nothing. */
  personal: readonly SpanCategory[];
  /** Whether the operator approves the text as it is although it still looks personal. */
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  const t = useAdminText();
  const intl = useIntl();
  const id = useId();
  const headingId = `${id}-heading`;
  const textId = `${id}-text`;
  const originalId = `${id}-original`;
  const anonymisedId = `${id}-anonymised`;
  const blank = draft.text.trim() === '';
  const approvedUnchanged = dream.approvedText !== null && draft.text.trim() === dream.approvedText;
  const suspicions = [...dream.anonymised.spans]
    .filter((span) => span.kind === 'suspected')
    .sort((a, b) => a.original.offset - b.original.offset);
  const open = dream.openSuspicions;
  const words = (span: SheetSpan) =>
    dream.original.slice(span.original.offset, span.original.offset + span.original.length);
  return (
    <li
      className="sheet-dream"
      aria-labelledby={headingId}
      data-testid={`sheet-dream-${dream.seat}`}
    >
      <div className="sheet-dream__head">
        <h3 id={headingId}>{t('admin.sheet.dream', { seat: dream.seat })}</h3>
        <span
          className={`admin-badge sheet-dream__review admin-badge--${open > 0 ? 'waiting' : 'open'}`}
          data-testid={`sheet-review-state-${dream.seat}`}
        >
          {open > 0 ? '? ' : '✓ '}
          {t('admin.sheet.openCount', { count: open })}
        </span>
        <span className={`admin-badge admin-badge--${approvedUnchanged ? 'open' : 'closed'}`}>
          {approvedUnchanged ? t('admin.sheet.approved') : t('admin.sheet.notApproved')}
        </span>
      </div>
      <p className="muted sheet-dream__meta">
        {t('admin.sheet.language', { language: t(`admin.sheet.language.${dream.language}`) })}
      </p>
      <div className="sheet-dream__texts">
        <div role="group" aria-labelledby={originalId}>
          <h4 id={originalId}>{t('admin.sheet.original')}</h4>
          <MarkedText
            text={dream.original}
            spans={originalSpans(dream)}
            className="sheet-dream__original"
            testId={`sheet-original-${dream.seat}`}
          />
        </div>
        <div role="group" aria-labelledby={anonymisedId}>
          <h4 id={anonymisedId}>{t('admin.sheet.anonymised')}</h4>
          <MarkedText
            text={draft.text}
            spans={draft.spans}
            className="sheet-dream__preview"
            testId={`sheet-preview-${dream.seat}`}
          />
        </div>
      </div>
      {suspicions.length > 0 && (
        <ul
          className="sheet-suspicions"
          aria-label={t('admin.sheet.suspicions', { seat: dream.seat })}
        >
          {suspicions.map((span) => {
            const describedBy = `${id}-suspicion-${span.id}`;
            const state = isOpen(span) ? 'open' : (span.answer ?? 'open');
            return (
              <li key={span.id} className={`sheet-suspicion sheet-suspicion--${state}`}>
                <span id={describedBy}>
                  {t('admin.sheet.suspicion', {
                    words: words(span),
                    category: t(CATEGORY_LABEL[span.category]),
                  })}{' '}
                  <span className={`sheet-suspicion__state sheet-suspicion__state--${state}`}>
                    ({t(`admin.sheet.suspicion.state.${state}`)})
                  </span>
                </span>
                <span className="sheet-suspicion__answers">
                  <button
                    type="button"
                    id={suspicionControlId(dream.registrationId, span.id)}
                    className="button button--small button--ghost"
                    aria-pressed={span.answer === 'replace'}
                    disabled={answering}
                    onClick={() => onAnswer(span, 'replace')}
                  >
                    {t('admin.sheet.suspicion.replace', {
                      words: words(span),
                      replacement: span.replacement,
                    })}
                    <span className="visually-hidden">
                      {' '}
                      {t('admin.sheet.suspicion.inDream', { seat: dream.seat })}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-pressed={span.answer === 'keep'}
                    disabled={answering}
                    onClick={() => onAnswer(span, 'keep')}
                  >
                    {t('admin.sheet.suspicion.keep', { words: words(span) })}
                    <span className="visually-hidden">
                      {' '}
                      {t('admin.sheet.suspicion.inDream', { seat: dream.seat })}
                    </span>
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <div className="field">
        <label htmlFor={textId}>{t('admin.sheet.textLabel', { seat: dream.seat })}</label>
        <textarea
          id={textId}
          rows={Math.min(12, Math.max(3, Math.ceil(draft.text.length / 80)))}
          value={draft.text}
          disabled={disabled}
          aria-invalid={blank ? true : undefined}
          onChange={(change) => {
            const text = change.target.value;
            onChange({ text, spans: shiftReplacements(draft.text, text, draft.spans) });
          }}
        />
        {blank && <FieldError>{t('admin.sheet.blank')}</FieldError>}
      </div>
      {personal.length > 0 && (
        <div className="notice notice--warning sheet-dream__personal">
          <p>
            {t('admin.sheet.stillPersonalNow', {
              kinds: new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(
                personal.map((category) => t(CATEGORY_LABEL[category])),
              ),
            })}
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={accepted}
              disabled={disabled}
              onChange={(change) => onAccept(change.target.checked)}
            />{' '}
            {t('admin.sheet.acceptStillPersonal', { seat: dream.seat })}
          </label>
        </div>
      )}
      {dream.approvedAt && (
        <p className="muted sheet-dream__meta">
          {t('admin.sheet.approvedWhen', { when: new Date(dream.approvedAt) })}
        </p>
      )}
    </li>
  );
}
