import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { HttpError } from '../../../lib/http-error';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useAccount } from '../api/get-account';
import { useStepUp } from '../api/operator-keys';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { FieldError } from '../../../components/field';
import { CodeField } from './code-field';

/** Whether `provedUntil` (the account's) is still ahead: the session may change its factors. */
function provedNow(provedUntil: string | null | undefined): boolean {
  return !!provedUntil && Date.parse(provedUntil) > Date.now();
}

/**
 * Shows what changes the operator's sign-in (adding or removing a passkey, the authenticator
 * app, new recovery codes) only while the session has proved who holds it in the last few
 * minutes; otherwise asks for the passphrase or a code of the app first. The server holds the
 * same rule: this only spares a refusal.
 */
export function StepUpGate({
  children,
  fallback,
}: {
  children: ReactNode;
  /** What stands in place of the changes while unproved; the step-up form itself by default. */
  fallback?: ReactNode;
}) {
  const t = useAdminText();
  const account = useAccount();
  const stepUp = useStepUp();
  const { sessionExpired } = useAdminFailure();
  const [passphrase, setPassphrase] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [, setTick] = useState(0);
  const id = useId();
  const provedUntil = account.data?.provedUntil;
  const proved = provedNow(provedUntil);

  // Asks again when the proof lapses, without waiting for a refusal.
  useEffect(() => {
    if (!proved || !provedUntil) return;
    const timer = setTimeout(
      () => setTick((tick) => tick + 1),
      Math.max(0, Date.parse(provedUntil) - Date.now()) + 100,
    );
    return () => clearTimeout(timer);
  }, [proved, provedUntil]);

  if (!account.data || proved) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stepUp.isPending || (!passphrase && !code.trim())) return;
    setProblem(null);
    stepUp.mutate(passphrase ? { passphrase } : { code: code.trim() }, {
      onSuccess: () => {
        setPassphrase('');
        setCode('');
      },
      onError: (error) => {
        if (isUnauthorized(error)) return sessionExpired();
        setProblem(
          error instanceof HttpError && error.status === 429
            ? t('admin.stepUp.tooMany')
            : error instanceof HttpError && error.status === 400
              ? t('admin.stepUp.wrong')
              : t('admin.stepUp.failed'),
        );
      },
    });
  }

  return (
    <form className="second-factor__way step-up" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('admin.stepUp.title')}</h3>
      <p className="muted">{t('admin.stepUp.lead')}</p>
      <div className="field">
        <label htmlFor={`${id}-passphrase`}>{t('admin.stepUp.passphrase')}</label>
        <input
          id={`${id}-passphrase`}
          type="password"
          autoComplete="current-password"
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
          disabled={code.trim() !== ''}
        />
      </div>
      {account.data.totp && (
        <CodeField
          id={`${id}-code`}
          label={t('admin.stepUp.code')}
          value={code}
          onChange={setCode}
          disabled={passphrase !== ''}
        />
      )}
      {problem && <FieldError alert>{problem}</FieldError>}
      <button
        type="submit"
        className="button button--primary"
        disabled={stepUp.isPending || (!passphrase && !code.trim())}
      >
        {t('admin.stepUp.submit')}
      </button>
    </form>
  );
}

/** The step-up form alone, while the session has not proved itself lately (else nothing). */
export function StepUpPrompt() {
  return <StepUpGate>{null}</StepUpGate>;
}
