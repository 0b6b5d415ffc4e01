import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { QrCode } from '../../../components/qr-code';
import { HttpError } from '../../../lib/http-error';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useStepUpRefusal } from '../api/operator-keys';
import { useConfirmTotp, useStartTotp } from '../api/set-up-totp';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { RecoveryCodes } from './recovery-codes';
import { FieldError } from '../../../components/field';
import { CodeField } from './code-field';

/**
 * An authenticator app as the second factor: the secret as a QR code and as text, a code from
 * the app to confirm it, then the recovery codes, once.
 */
export function TotpSetup({ onDone, again = false }: { onDone: () => void; again?: boolean }) {
  const t = useAdminText();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const { sessionExpired } = useAdminFailure();
  const steppedDown = useStepUpRefusal();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  function failed(error: unknown, wrongCode: boolean) {
    if (isUnauthorized(error)) return sessionExpired();
    if (steppedDown(error)) return;
    setProblem(
      wrongCode && error instanceof HttpError && error.status === 400
        ? t('admin.totp.wrongCode')
        : t('admin.totp.failed'),
    );
  }

  function begin() {
    setProblem(null);
    start.mutate(undefined, { onError: (error) => failed(error, false) });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim() || confirm.isPending) return;
    setProblem(null);
    confirm.mutate(code.trim(), { onError: (error) => failed(error, true) });
  }

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onKept={onDone} />;

  return (
    <div className="second-factor__way" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`}>{t('admin.totp.title')}</h3>
      {!start.data ? (
        <>
          <p className="muted">{t('admin.totp.lead')}</p>
          <button type="button" className="button" onClick={begin} disabled={start.isPending}>
            {again ? t('admin.totp.startAgain') : t('admin.totp.start')}
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{t('admin.totp.scan')}</p>
          <QrCode text={start.data.otpauthUri} label={t('admin.totp.qrLabel')} />
          <p>
            {t('admin.totp.secret')} <code className="totp-secret">{start.data.secret}</code>
          </p>
          <CodeField
            id={`${id}-code`}
            label={t('admin.totp.code')}
            value={code}
            onChange={setCode}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={!code.trim() || confirm.isPending}
          >
            {t('admin.totp.confirm')}
          </button>
        </form>
      )}
      {problem && (
        <FieldError id={`${id}-problem`} alert>
          {problem}
        </FieldError>
      )}
    </div>
  );
}
