import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { HttpError } from '../../../lib/http-error';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useRemoveOwnPasskey, useRenamePasskey, useStepUpRefusal } from '../api/operator-keys';
import type { Account } from '../../../lib/admin-session/operator-types';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { FieldError } from '../../../components/field';
import { PASSKEY_RENAME_MAX_LENGTH } from '../../../lib/console-bounds';

type Passkey = Account['passkeys'][number];

/** One of the operator's passkeys: its name (which they may change), its dates, and removing it. */
function PasskeyRow({ passkey, last }: { passkey: Passkey; last: boolean }) {
  const t = useAdminText();
  const intl = useIntl();
  const rename = useRenamePasskey();
  const remove = useRemoveOwnPasskey();
  const steppedDown = useStepUpRefusal();
  const { sessionExpired } = useAdminFailure();
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  function failed(error: unknown) {
    if (isUnauthorized(error)) return sessionExpired();
    if (steppedDown(error)) return setProblem(t('admin.account.stepUpFirst'));
    setProblem(
      error instanceof HttpError && error.status === 409
        ? t('admin.account.lastFactor')
        : t('admin.account.passkeyChangeFailed'),
    );
  }

  function submitName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name?.trim() || rename.isPending) return;
    setProblem(null);
    rename.mutate(
      { passkeyId: passkey.id, name: name.trim() },
      { onSuccess: () => setName(null), onError: failed },
    );
  }

  return (
    <li>
      {name === null ? (
        <strong>{passkey.name}</strong>
      ) : (
        <form className="account-passkeys__rename" onSubmit={submitName}>
          <label htmlFor={`${id}-name`} className="visually-hidden">
            {t('admin.account.passkeyName')}
          </label>
          <input
            id={`${id}-name`}
            type="text"
            value={name}
            maxLength={PASSKEY_RENAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button" disabled={!name.trim() || rename.isPending}>
            {t('admin.account.passkeySave')}
          </button>
        </form>
      )}
      <span className="muted">
        {' '}
        {t('admin.account.passkeyDates', {
          created: when(passkey.createdAt),
          lastUsed: passkey.lastUsedAt ? when(passkey.lastUsedAt) : t('admin.account.neverUsed'),
        })}
      </span>{' '}
      {name === null && (
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setName(passkey.name)}
        >
          {t('admin.account.passkeyRename', { name: passkey.name })}
        </button>
      )}{' '}
      <button
        type="button"
        className="button button--quiet"
        disabled={remove.isPending || last}
        title={last ? t('admin.account.lastFactor') : undefined}
        onClick={() => {
          setProblem(null);
          remove.mutate(passkey.id, { onError: failed });
        }}
      >
        {t('admin.account.passkeyRemove', { name: passkey.name })}
      </button>
      {problem && <FieldError alert>{problem}</FieldError>}
    </li>
  );
}

/** The operator's passkeys, each named and removable (not the last second factor). */
export function AccountPasskeys({ account }: { account: Account }) {
  const t = useAdminText();
  if (account.passkeys.length === 0)
    return <p className="muted">{t('admin.account.noPasskeys')}</p>;
  const onlyFactor = account.passkeys.length === 1 && !account.totp;
  return (
    <ul className="account-passkeys">
      {account.passkeys.map((passkey) => (
        <PasskeyRow key={passkey.id} passkey={passkey} last={onlyFactor} />
      ))}
    </ul>
  );
}
