import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { SheetDream } from '../api/get-performers-sheet';
import { useAdminText } from '../hooks/use-admin-text';
import type { AdminMessageId } from '../i18n/admin-catalogue';
import {
  carryReplacements,
  shiftReplacements,
  textSegments,
  type SheetReplacement,
} from '../model/sheet-replacements';

export interface DreamDraft {
  text: string;
  replacements: SheetReplacement[];
}

const KIND_LABEL: Record<SheetReplacement['kind'], AdminMessageId> = {
  name: 'admin.sheet.kind.name',
  email: 'admin.sheet.kind.email',
  phone: 'admin.sheet.kind.phone',
  web: 'admin.sheet.kind.web',
  handle: 'admin.sheet.kind.handle',
};

/**
 * The draft a dream starts from: the approved text, or else the server's anonymisation; the
 * anonymiser's highlights follow the approved text wherever the operator left them.
 */
export function initialDraft(dream: SheetDream): DreamDraft {
  const { anonymised, approvedText } = dream;
  if (approvedText === null)
    return { text: anonymised.text, replacements: anonymised.replacements };
  return {
    text: approvedText,
    replacements: carryReplacements(anonymised.text, approvedText, anonymised.replacements),
  };
}

/**
 * One dream of the sheet under review: its text with every replacement highlighted (and named
 * for screen readers), and the text to approve, which the operator may change; the highlights
 * follow the edit.
 */
export function DreamReview({
  dream,
  draft,
  onChange,
  disabled,
}: {
  dream: SheetDream;
  draft: DreamDraft;
  onChange: (draft: DreamDraft) => void;
  disabled: boolean;
}) {
  const t = useAdminText();
  const intl = useIntl();
  const id = useId();
  const headingId = `${id}-heading`;
  const textId = `${id}-text`;
  const segments = textSegments(draft.text, draft.replacements);
  const blank = draft.text.trim() === '';
  const approvedUnchanged = dream.approvedText !== null && draft.text.trim() === dream.approvedText;
  return (
    <li className="sheet-dream" aria-labelledby={headingId}>
      <div className="sheet-dream__head">
        <h3 id={headingId}>{t('admin.sheet.dream', { seat: dream.seat })}</h3>
        <span className={`admin-badge admin-badge--${approvedUnchanged ? 'open' : 'closed'}`}>
          {approvedUnchanged ? t('admin.sheet.approved') : t('admin.sheet.notApproved')}
        </span>
      </div>
      <p className="muted sheet-dream__meta">
        {t('admin.sheet.language', { language: t(`admin.sheet.language.${dream.language}`) })}
        {' · '}
        {t('admin.sheet.replacements', { count: draft.replacements.length })}
      </p>
      <p className="sheet-dream__preview" data-testid={`sheet-preview-${dream.seat}`}>
        {segments.map((segment, index) =>
          segment.replacement ? (
            <mark
              key={index}
              className={`sheet-mark sheet-mark--${segment.replacement.kind}`}
              title={t(KIND_LABEL[segment.replacement.kind])}
            >
              {segment.text}
              <span className="visually-hidden"> ({t(KIND_LABEL[segment.replacement.kind])})</span>
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </p>
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
            onChange({
              text,
              replacements: shiftReplacements(draft.text, text, draft.replacements),
            });
          }}
        />
        {blank && <p className="field-error">{t('admin.sheet.blank')}</p>}
      </div>
      {approvedUnchanged && dream.stillPersonal.length > 0 && (
        <p className="notice notice--warning">
          {t('admin.sheet.stillPersonal', {
            kinds: new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(
              dream.stillPersonal.map((kind) => t(KIND_LABEL[kind])),
            ),
          })}
        </p>
      )}
      {dream.approvedAt && (
        <p className="muted sheet-dream__meta">
          {t('admin.sheet.approvedWhen', { when: new Date(dream.approvedAt) })}
        </p>
      )}
    </li>
  );
}
