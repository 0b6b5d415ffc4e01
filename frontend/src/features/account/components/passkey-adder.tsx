import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { HttpError } from '../../../lib/http-error';
import { useAddPasskey } from '../api/add-passkey';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useStepUpRefusal } from '../api/operator-keys';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import { passkeyRefusal } from '../model/passkey-errors';
import { FieldError } from '../../../components/field';
import { PASSKEY_NAME_MAX_LENGTH } from '../../../lib/console-bounds';

/** Makes a passkey on this device (named, if the operator likes) and registers it. */
export function PasskeyAdder({ onAdded }: { onAdded: () => void }) {
  const t = useAdminText();
  const addPasskey = useAddPasskey();
  const { sessionExpired } = useAdminFailure();
  const steppedDown = useStepUpRefusal();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<AdminMessageId | null>(null);
  const [supported] = useState(() => browserSupportsWebAuthn());
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addPasskey.isPending) return;
    setProblem(null);
    addPasskey.mutate(name, {
      onSuccess: () => {
        setName('');
        onAdded();
      },
      onError: (error) => {
        if (isUnauthorized(error)) return sessionExpired();
        if (steppedDown(error)) return;
        setProblem(
          passkeyRefusal(error) ??
            (error instanceof HttpError && error.status === 400
              ? 'admin.passkey.notRegistered'
              : 'admin.passkey.failed'),
        );
      },
    });
  }

  return (
    <form className="second-factor__way" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('admin.passkey.title')}</h3>
      <p className="muted">{t('admin.passkey.lead')}</p>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('admin.passkey.name')}</label>
        <input
          id={`${id}-name`}
          type="text"
          value={name}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="field-hint">
          {t('admin.passkey.nameHint')}
        </p>
      </div>
      {problem && <FieldError alert>{t(problem)}</FieldError>}
      {!supported && <p className="muted">{t('admin.gate.passkey.unsupported')}</p>}
      <button
        type="submit"
        className="button button--primary"
        disabled={!supported || addPasskey.isPending}
      >
        {addPasskey.isPending ? t('admin.passkey.adding') : t('admin.passkey.add')}
      </button>
    </form>
  );
}
