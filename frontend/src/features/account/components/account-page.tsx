import { useEffect, useId, useState } from 'react';
import { useToast } from '../../../components/toast';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useAccount } from '../api/get-account';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { roleLabel } from '../../../lib/admin-session/operator-display';
import { AccountPasskeys } from './account-passkeys';
import { NewRecoveryCodes } from './new-recovery-codes';
import { PasskeyAdder } from './passkey-adder';
import { StepUpGate, StepUpPrompt } from './step-up-gate';
import { TotpSetup } from './totp-setup';
import './account.css';

/**
 * The signed-in operator's own account: their passkeys (named, removed, a new one on this
 * device), the authenticator app, how many recovery codes are left and new ones; signing out is
 * in the header. What changes the sign-in asks for the passphrase or a code first when the
 * session has not proved itself in the last few minutes (StepUpGate). The owner, signed in by
 * the admin password, has none of these.
 */
export function AccountPage() {
  const t = useAdminText();
  const toast = useToast();
  const account = useAccount();
  const { sessionExpired } = useAdminFailure();
  // A new round of the app's setup after each one finished (its recovery codes kept).
  const [totpRound, setTotpRound] = useState(0);
  const titleId = useId();

  useEffect(() => {
    if (isUnauthorized(account.error)) sessionExpired();
  }, [account.error, sessionExpired]);

  const data = account.data;
  const stepUpFirst = <p className="muted">{t('admin.account.stepUpFirst')}</p>;
  const owner = data?.id === 'owner';

  return (
    <div className="command-center account-page">
      <header className="command-center__head">
        <div>
          <h1 id={titleId}>{t('admin.account.title')}</h1>
          {data && (
            <p className="command-center__count">
              <strong>{data.name}</strong> · {t(roleLabel(data.role))}
            </p>
          )}
        </div>
      </header>
      {account.isPending ? (
        <p role="status">{t('admin.account.loading')}</p>
      ) : account.isError ? (
        <p className="notice notice--error" role="alert">
          {t('admin.account.loadError')}
        </p>
      ) : !data ? null : owner ? (
        <section className="admin-panel">
          <p>{t('admin.account.owner')}</p>
        </section>
      ) : (
        <>
          <section className="admin-panel" aria-labelledby={`${titleId}-who`}>
            <h2 id={`${titleId}-who`}>{t('admin.account.details')}</h2>
            <dl className="registration-card__facts">
              <div>
                <dt>{t('admin.account.name')}</dt>
                <dd>{data.name}</dd>
              </div>
              <div>
                <dt>{t('admin.account.email')}</dt>
                <dd>{data.email}</dd>
              </div>
              <div>
                <dt>{t('admin.account.role')}</dt>
                <dd>{t(roleLabel(data.role))}</dd>
              </div>
              <div>
                <dt>{t('admin.account.number')}</dt>
                <dd>#{data.number}</dd>
              </div>
            </dl>
          </section>
          <StepUpPrompt />
          <section className="admin-panel" aria-labelledby={`${titleId}-passkeys`}>
            <h2 id={`${titleId}-passkeys`}>{t('admin.account.passkeys')}</h2>
            <AccountPasskeys account={data} />
            <StepUpGate fallback={stepUpFirst}>
              <PasskeyAdder
                onAdded={() =>
                  toast({
                    title: t('admin.toast.passkeyAdded.title'),
                    description: t('admin.toast.passkeyAdded.description'),
                  })
                }
              />
            </StepUpGate>
          </section>
          <section className="admin-panel" aria-labelledby={`${titleId}-totp`}>
            <h2 id={`${titleId}-totp`}>{t('admin.account.totp')}</h2>
            <p>{data.totp ? t('admin.account.totpOn') : t('admin.account.totpOff')}</p>
            {data.totp && (
              <p>{t('admin.account.recoveryLeft', { count: data.recoveryCodesLeft })}</p>
            )}
            <StepUpGate fallback={stepUpFirst}>
              <TotpSetup
                key={totpRound}
                again={data.totp}
                onDone={() => setTotpRound((round) => round + 1)}
              />
              <NewRecoveryCodes />
            </StepUpGate>
          </section>
        </>
      )}
    </div>
  );
}
