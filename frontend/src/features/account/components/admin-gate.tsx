import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useToast } from '../../../components/toast';
import { HttpError } from '../../../lib/http-error';
import { useLogin } from '../api/login';
import { useLoginOperator } from '../api/login-operator';
import { useLoginWithPasskey } from '../api/login-passkey';
import type { AdminSessionAnswer } from '../../../lib/admin-session/operator-types';
import { useAdminSession } from '../../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import { passkeyRefusal } from '../model/passkey-errors';
import './account.css';

const DEFAULT_THROTTLE_SECONDS = 15 * 60;

function retryAfterMinutes(error: HttpError): number {
  const header = error.response.headers?.get?.('Retry-After');
  const seconds = header ? Number(header) : NaN;
  return Math.max(
    1,
    Math.ceil((Number.isFinite(seconds) ? seconds : DEFAULT_THROTTLE_SECONDS) / 60),
  );
}

type Notice =
  { kind: 'throttled'; minutes: number } | { kind: 'refused'; key: AdminMessageId } | null;

/**
 * The Command Center's sign-in: by a passkey; as an operator by email, passphrase and a code
 * (from the authenticator app, or a recovery code); or the owner by the admin password alone
 * (one field, one button, disabled while the field is empty). `onSigningIn` is called when the
 * operator starts (focuses or touches any of it).
 */
export function AdminGate({ onSigningIn }: { onSigningIn?: () => void } = {}) {
  const t = useAdminText();
  const toast = useToast();
  const { signIn, gateReason } = useAdminSession();
  const login = useLogin();
  const loginOperator = useLoginOperator();
  const loginWithPasskey = useLoginWithPasskey();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [passkeys] = useState(() => browserSupportsWebAuthn());
  const id = useId();
  const noticeId = `${id}-notice`;
  const pending = login.isPending || loginOperator.isPending || loginWithPasskey.isPending;

  function admitted(session: AdminSessionAnswer) {
    setNotice(null);
    toast({
      title: t('admin.toast.accessGranted.title'),
      description: t('admin.toast.accessGranted.description'),
    });
    signIn(session);
  }

  /**
   * Throttling and failures, said alike for every way in; `refused` names the wrong answer, kept
   * on the page (`stays`) where there is more than one field to check again.
   */
  function refusedBy(
    error: unknown,
    refused: { key: AdminMessageId; title: AdminMessageId; stays: boolean },
  ) {
    if (error instanceof HttpError && error.status === 429) {
      const minutes = retryAfterMinutes(error);
      setNotice({ kind: 'throttled', minutes });
      toast({
        title: t('admin.toast.throttled.title'),
        description: t('admin.gate.throttled', { minutes }),
        variant: 'destructive',
      });
    } else if (error instanceof HttpError && (error.status === 401 || error.status === 400)) {
      setNotice(refused.stays ? { kind: 'refused', key: refused.key } : null);
      toast({ title: t(refused.title), description: t(refused.key), variant: 'destructive' });
    } else {
      setNotice(null);
      toast({
        title: t('admin.toast.loginError.title'),
        description: t('admin.toast.loginError.description'),
        variant: 'destructive',
      });
    }
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || pending) return;
    login.mutate(password, {
      onSuccess: (session) => {
        setPassword('');
        admitted(session);
      },
      onError: (error) =>
        refusedBy(error, {
          key: 'admin.toast.accessDenied.description',
          title: 'admin.toast.accessDenied.title',
          stays: false,
        }),
    });
  }

  function submitOperator(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !passphrase || pending) return;
    loginOperator.mutate(
      { email: email.trim(), passphrase, ...(code.trim() ? { code: code.trim() } : {}) },
      {
        onSuccess: (session) => {
          setPassphrase('');
          setCode('');
          admitted(session);
        },
        onError: (error) =>
          refusedBy(error, {
            key: 'admin.gate.operator.refused',
            title: 'admin.toast.accessDenied.title',
            stays: true,
          }),
      },
    );
  }

  function signInWithPasskey() {
    if (pending) return;
    loginWithPasskey.mutate(undefined, {
      onSuccess: admitted,
      onError: (error) => {
        const refusal = passkeyRefusal(error);
        if (refusal) {
          setNotice({ kind: 'refused', key: refusal });
          toast({
            title: t('admin.toast.accessDenied.title'),
            description: t(refusal),
            variant: 'destructive',
          });
        } else {
          refusedBy(error, {
            key: 'admin.gate.passkey.refused',
            title: 'admin.toast.accessDenied.title',
            stays: true,
          });
        }
      },
    });
  }

  const shown =
    notice?.kind === 'throttled'
      ? t('admin.gate.throttled', { minutes: notice.minutes })
      : notice?.kind === 'refused'
        ? t(notice.key)
        : gateReason === 'expired'
          ? t('admin.gate.expired')
          : null;
  const describedBy = shown ? noticeId : undefined;

  return (
    // Focus or a touch anywhere in the sign-in (a field, a button) tells the console the operator
    // is signing in, so that it can fetch what it will show next meanwhile.
    <section
      className="admin-gate"
      aria-labelledby={`${id}-title`}
      onFocus={onSigningIn}
      onPointerDown={onSigningIn}
    >
      <h1 id={`${id}-title`}>{t('admin.gate.title')}</h1>
      <p className="muted">{t('admin.gate.lead')}</p>
      <p id={noticeId} className="admin-gate__notice" role="status">
        {shown}
      </p>

      <div className="admin-gate__way">
        <button
          type="button"
          className="button button--primary button--block"
          onClick={signInWithPasskey}
          disabled={!passkeys || pending}
          aria-describedby={passkeys ? describedBy : `${id}-no-passkeys`}
        >
          {loginWithPasskey.isPending ? t('admin.gate.submitting') : t('admin.gate.passkey.submit')}
        </button>
        {!passkeys && (
          <p id={`${id}-no-passkeys`} className="muted">
            {t('admin.gate.passkey.unsupported')}
          </p>
        )}
      </div>

      <form
        className="admin-gate__form admin-gate__way"
        onSubmit={submitOperator}
        aria-labelledby={`${id}-operator`}
        noValidate
      >
        <h2 id={`${id}-operator`}>{t('admin.gate.operator.title')}</h2>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('admin.gate.operator.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={describedBy}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-passphrase`}>{t('admin.gate.operator.passphrase')}</label>
          <input
            id={`${id}-passphrase`}
            type="password"
            name="passphrase"
            autoComplete="current-password"
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('admin.gate.operator.code')}</label>
          <input
            id={`${id}-code`}
            type="text"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-describedby={`${id}-code-hint`}
          />
          <p id={`${id}-code-hint`} className="field-hint">
            {t('admin.gate.operator.codeHint')} {t('admin.gate.operator.codeOptional')}
          </p>
        </div>
        <button
          type="submit"
          className="button button--block"
          disabled={!email.trim() || !passphrase || pending}
        >
          {loginOperator.isPending ? t('admin.gate.submitting') : t('admin.gate.operator.submit')}
        </button>
      </form>

      <form
        className="admin-gate__form admin-gate__way"
        onSubmit={submitPassword}
        aria-labelledby={`${id}-owner`}
        noValidate
      >
        <h2 id={`${id}-owner`}>{t('admin.gate.owner.title')}</h2>
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('admin.gate.password')}</label>
          <input
            id={`${id}-password`}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={describedBy}
            required
          />
        </div>
        <button type="submit" className="button button--block" disabled={!password || pending}>
          {login.isPending ? t('admin.gate.submitting') : t('admin.gate.submit')}
        </button>
      </form>
    </section>
  );
}
