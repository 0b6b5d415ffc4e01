import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useToast } from '../../../components/toast';
import { HttpError } from '../../../lib/http-error';
import { useLogin } from '../api/login';
import { useAdminSession } from '../hooks/use-admin-session';
import { useAdminText } from '../hooks/use-admin-text';

const DEFAULT_THROTTLE_SECONDS = 15 * 60;

function retryAfterMinutes(error: HttpError): number {
  const header = error.response.headers?.get?.('Retry-After');
  const seconds = header ? Number(header) : NaN;
  return Math.max(
    1,
    Math.ceil((Number.isFinite(seconds) ? seconds : DEFAULT_THROTTLE_SECONDS) / 60),
  );
}

/** The password gate: one field, one button, disabled while the field is empty. */
export function AdminGate() {
  const t = useAdminText();
  const toast = useToast();
  const { signIn, gateReason } = useAdminSession();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [throttledMinutes, setThrottledMinutes] = useState<number | null>(null);
  const passwordId = useId();
  const noticeId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || login.isPending) return;
    login.mutate(password, {
      onSuccess: () => {
        setPassword('');
        setThrottledMinutes(null);
        toast({
          title: t('admin.toast.accessGranted.title'),
          description: t('admin.toast.accessGranted.description'),
        });
        signIn();
      },
      onError: (error) => {
        if (error instanceof HttpError && error.status === 429) {
          const minutes = retryAfterMinutes(error);
          setThrottledMinutes(minutes);
          toast({
            title: t('admin.toast.throttled.title'),
            description: t('admin.gate.throttled', { minutes }),
            variant: 'destructive',
          });
        } else if (error instanceof HttpError && (error.status === 401 || error.status === 400)) {
          toast({
            title: t('admin.toast.accessDenied.title'),
            description: t('admin.toast.accessDenied.description'),
            variant: 'destructive',
          });
        } else {
          toast({
            title: t('admin.toast.loginError.title'),
            description: t('admin.toast.loginError.description'),
            variant: 'destructive',
          });
        }
      },
    });
  }

  const notice =
    throttledMinutes !== null
      ? t('admin.gate.throttled', { minutes: throttledMinutes })
      : gateReason === 'expired'
        ? t('admin.gate.expired')
        : null;

  return (
    <section className="admin-gate" aria-labelledby={`${passwordId}-title`}>
      <h1 id={`${passwordId}-title`}>{t('admin.gate.title')}</h1>
      <p className="muted">{t('admin.gate.lead')}</p>
      <p id={noticeId} className="admin-gate__notice" role="status">
        {notice}
      </p>
      <form className="admin-gate__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={passwordId}>{t('admin.gate.password')}</label>
          <input
            id={passwordId}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={notice ? noticeId : undefined}
            required
          />
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!password || login.isPending}
        >
          {login.isPending ? t('admin.gate.submitting') : t('admin.gate.submit')}
        </button>
      </form>
    </section>
  );
}
