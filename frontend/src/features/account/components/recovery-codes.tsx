import { useId, useState } from 'react';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';

/**
 * The recovery codes, shown once: each signs in once in place of the authenticator app's code.
 * Copied or printed (the print shows only them), then the operator says they are kept.
 */
export function RecoveryCodes({ codes, onKept }: { codes: string[]; onKept: () => void }) {
  const t = useAdminText();
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section className="recovery-codes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('admin.recovery.title')}</h3>
      <p>{t('admin.recovery.lead', { count: codes.length })}</p>
      <ol className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {t('admin.recovery.copy')}
        </button>
        <button type="button" className="button button--small" onClick={() => window.print()}>
          {t('admin.recovery.print')}
        </button>
      </div>
      <p role="status" className="muted">
        {copied === true
          ? t('admin.recovery.copied')
          : copied === false
            ? t('admin.recovery.copyFailed')
            : ''}
      </p>
      <button type="button" className="button button--primary" onClick={onKept}>
        {t('admin.recovery.kept')}
      </button>
    </section>
  );
}
