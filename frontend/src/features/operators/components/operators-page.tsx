import { useEffect, useId, useState } from 'react';
import { EmailAddress } from '../../../components/email-address';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { HttpError } from '../../../lib/http-error';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useChangeOperator } from '../api/change-operator';
import { useEraseOperator } from '../api/erase-operator';
import { useOperators } from '../api/get-operators';
import { useInviteOperator } from '../api/invite-operator';
import type {
  InvitedRole,
  Operator,
  OperatorSession,
} from '../../../lib/admin-session/operator-types';
import { useRemoveOperatorPasskey, useResetSecondFactor } from '../api/operator-factors';
import { useRevokeSession } from '../api/revoke-session';
import { mutateAndTell, useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import { roleLabel, stateLabel } from '../../../lib/admin-session/operator-display';
import { FieldError, SelectField } from '../../../components/field';
import './operators.css';
import { INVITED_NAME_MAX_LENGTH } from '../../../lib/console-bounds';

const INVITED_ROLES: readonly InvitedRole[] = ['box-office', 'door'];

/** The roles an operator may be given, named in the operator's language. */
const roleOptions = (t: AdminText) =>
  INVITED_ROLES.map((role) => ({ value: role, label: t(roleLabel(role)) }));

function serverText(error: unknown): string | undefined {
  return error instanceof HttpError ? error.serverMessage : undefined;
}

/** A refused change, said in a toast: `title`, and the server's words or else `fallback`. */
function useOperatorFailure() {
  const t = useAdminText();
  const { fail } = useAdminFailure();
  return (error: unknown, title: AdminMessageId, fallback: AdminMessageId) =>
    fail(error, title, serverText(error) ?? t(fallback));
}

function useWhen() {
  const intl = useIntl();
  return (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function InviteForm() {
  const t = useAdminText();
  const toast = useToast();
  const failed = useOperatorFailure();
  const invite = useInviteOperator();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<InvitedRole>('box-office');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !name.trim() || invite.isPending) return;
    setProblems({});
    invite.mutate(
      { email: email.trim(), name: name.trim(), role },
      {
        onSuccess: (operator) => {
          toast({
            title: t('admin.toast.invited.title'),
            description: t('admin.toast.invited.description', {
              name: operator.name,
              email: operator.email ?? email.trim(),
            }),
          });
          setEmail('');
          setName('');
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 409) {
            setProblems({ email: t('admin.operators.invite.exists') });
          } else if (error instanceof HttpError && error.fieldErrors.length > 0) {
            setProblems(
              Object.fromEntries(error.fieldErrors.map((field) => [field.field, field.message])),
            );
          } else {
            failed(error, 'admin.toast.inviteFailed.title', 'admin.toast.inviteFailed.description');
          }
        },
      },
    );
  }

  const field = (name: 'email' | 'name') =>
    problems[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.operators.invite.title')}</h2>
      <p className="muted">{t('admin.operators.invite.lead')}</p>
      <form className="operators-invite" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('admin.operators.invite.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            {...field('email')}
          />
          {problems.email && <FieldError id={`${id}-email-error`}>{problems.email}</FieldError>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('admin.operators.invite.name')}</label>
          <input
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            maxLength={INVITED_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            {...field('name')}
          />
          {problems.name && <FieldError id={`${id}-name-error`}>{problems.name}</FieldError>}
        </div>
        <SelectField
          id={`${id}-role`}
          label={t('admin.operators.invite.role')}
          value={role}
          onChange={(value) => setRole(value as InvitedRole)}
          options={roleOptions(t)}
        />
        {problems.role && <FieldError>{problems.role}</FieldError>}
        <button
          type="submit"
          className="button button--primary"
          disabled={!email.trim() || !name.trim() || invite.isPending}
        >
          {invite.isPending
            ? t('admin.operators.invite.sending')
            : t('admin.operators.invite.submit')}
        </button>
      </form>
    </section>
  );
}

/**
 * The page's question before a change that cannot be taken back (ending a session, suspending,
 * erasing): destructive, "Back" to cancel, and not closed while the change is on its way.
 */
function ConfirmOperatorChange({
  open,
  onClose,
  pending,
  ...question
}: Pick<ConfirmDialogProps, 'title' | 'description' | 'confirmLabel' | 'onConfirm'> & {
  open: boolean;
  onClose: () => void;
  pending: boolean;
}) {
  const t = useAdminText();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      cancelLabel={t('admin.operators.back')}
      destructive
      pending={pending}
      {...question}
    />
  );
}

function SessionRow({ operator, session }: { operator: Operator; session: OperatorSession }) {
  const t = useAdminText();
  const when = useWhen();
  const toast = useToast();
  const failed = useOperatorFailure();
  const revoke = useRevokeSession();
  const [asking, setAsking] = useState(false);

  function end() {
    // The ended session leaves the list, this row with it, often before the answer is read.
    mutateAndTell(
      revoke,
      { operatorId: operator.id, sessionId: session.id },
      () => {
        setAsking(false);
        toast({
          title: t('admin.toast.sessionEnded.title'),
          description: t('admin.toast.sessionEnded.description', {
            name: operator.name,
            device: session.device,
          }),
        });
      },
      (error) => {
        setAsking(false);
        failed(
          error,
          'admin.toast.sessionEndFailed.title',
          'admin.toast.sessionEndFailed.description',
        );
      },
    );
  }

  return (
    <li className="operator-session">
      <p className="operator-session__device">
        <strong>{session.device}</strong>
        {session.current && (
          <span className="admin-badge admin-badge--confirmed">
            {t('admin.operators.session.current')}
          </span>
        )}
      </p>
      <p className="muted">
        {t('admin.operators.session.details', {
          address: session.address,
          opened: when(session.openedAt),
          lastUsed: when(session.lastUsedAt),
        })}
      </p>
      {!session.current && (
        <button
          type="button"
          className="button button--small button--danger-outline"
          onClick={() => setAsking(true)}
          aria-label={t('admin.operators.session.endLabel', {
            name: operator.name,
            device: session.device,
          })}
        >
          {t('admin.operators.session.end')}
        </button>
      )}
      <ConfirmOperatorChange
        open={asking}
        onClose={() => setAsking(false)}
        pending={revoke.isPending}
        title={t('admin.operators.session.endTitle')}
        description={t('admin.operators.session.endDescription', {
          name: operator.name,
          device: session.device,
        })}
        confirmLabel={t('admin.operators.session.end')}
        onConfirm={end}
      />
    </li>
  );
}

function OperatorControls({ operator }: { operator: Operator }) {
  const t = useAdminText();
  const toast = useToast();
  const failed = useOperatorFailure();
  const change = useChangeOperator();
  const erase = useEraseOperator();
  const [role, setRole] = useState<InvitedRole>(
    operator.role === 'owner' ? 'box-office' : operator.role,
  );
  const [asking, setAsking] = useState<'suspend' | 'erase' | null>(null);
  const id = useId();
  const suspended = operator.state === 'suspended';

  function changeRole(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate(
      { operatorId: operator.id, role },
      {
        onSuccess: () =>
          toast({
            title: t('admin.toast.roleChanged.title'),
            description: t('admin.toast.roleChanged.description', {
              name: operator.name,
              role: t(roleLabel(role)),
            }),
          }),
        onError: (error) =>
          failed(
            error,
            'admin.toast.operatorFailed.title',
            'admin.toast.operatorFailed.description',
          ),
      },
    );
  }

  function setSuspended(value: boolean) {
    change.mutate(
      { operatorId: operator.id, suspended: value },
      {
        onSuccess: () => {
          setAsking(null);
          toast({
            title: t(value ? 'admin.toast.suspended.title' : 'admin.toast.reinstated.title'),
            description: t(
              value ? 'admin.toast.suspended.description' : 'admin.toast.reinstated.description',
              { name: operator.name },
            ),
          });
        },
        onError: (error) => {
          setAsking(null);
          failed(
            error,
            'admin.toast.operatorFailed.title',
            'admin.toast.operatorFailed.description',
          );
        },
      },
    );
  }

  function eraseNow() {
    // The erased operator's controls go with its name, often before the answer is read.
    mutateAndTell(
      erase,
      operator.id,
      () => {
        setAsking(null);
        toast({
          title: t('admin.toast.operatorErased.title'),
          description: t('admin.toast.operatorErased.description', { number: operator.number }),
        });
      },
      (error) => {
        setAsking(null);
        failed(error, 'admin.toast.operatorFailed.title', 'admin.toast.operatorFailed.description');
      },
    );
  }

  return (
    <div className="operator-card__controls">
      {!suspended && (
        <form className="operator-card__role" onSubmit={changeRole}>
          <SelectField
            id={`${id}-role`}
            className="field--inline"
            label={t('admin.operators.roleOf', { name: operator.name })}
            value={role}
            onChange={(value) => setRole(value as InvitedRole)}
            options={roleOptions(t)}
          />
          <button
            type="submit"
            className="button button--small"
            disabled={role === operator.role || change.isPending}
          >
            {t('admin.operators.changeRole')}
          </button>
        </form>
      )}
      <div className="operator-card__actions">
        {suspended ? (
          <>
            <button
              type="button"
              className="button button--small"
              onClick={() => setSuspended(false)}
              disabled={change.isPending}
            >
              {t('admin.operators.reinstate')}
            </button>
            <button
              type="button"
              className="button button--small button--danger-outline"
              onClick={() => setAsking('erase')}
            >
              {t('admin.operators.erase')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--small button--danger-outline"
            onClick={() => setAsking('suspend')}
          >
            {t('admin.operators.suspend')}
          </button>
        )}
      </div>
      {asking && (
        <ConfirmOperatorChange
          open
          onClose={() => setAsking(null)}
          {...(asking === 'suspend'
            ? {
                pending: change.isPending,
                title: t('admin.operators.suspendTitle', { name: operator.name }),
                description: t('admin.operators.suspendDescription', { name: operator.name }),
                confirmLabel: t('admin.operators.suspend'),
                onConfirm: () => setSuspended(true),
              }
            : {
                pending: erase.isPending,
                title: t('admin.operators.eraseTitle', { name: operator.name }),
                description: t('admin.operators.eraseDescription', {
                  name: operator.name,
                  number: operator.number,
                }),
                confirmLabel: t('admin.operators.erase'),
                onConfirm: eraseNow,
              })}
        />
      )}
    </div>
  );
}

/**
 * What signs an operator in, as the owner sees it: each passkey by name and dates (each
 * removable: a lost device, or one planted with a stolen session), the authenticator app, the
 * recovery codes left; and resetting the second factor altogether.
 */
function OperatorFactors({ operator }: { operator: Operator }) {
  const t = useAdminText();
  const when = useWhen();
  const failed = useOperatorFailure();
  const removePasskey = useRemoveOperatorPasskey();
  const reset = useResetSecondFactor();
  const [asking, setAsking] = useState<{ passkeyId: string; name: string } | 'reset' | null>(null);
  const id = useId();
  const joined = operator.state === 'active' || operator.state === 'suspended';
  const refused = (error: unknown) => {
    setAsking(null);
    failed(error, 'admin.toast.operatorFailed.title', 'admin.operators.factorChangeFailed');
  };

  return (
    <section className="operator-factors" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('admin.operators.factorsOf', { name: operator.name })}</h4>
      {operator.passkeyList.length === 0 && !operator.totp ? (
        <p className="muted">{t('admin.operators.noFactors')}</p>
      ) : (
        <ul className="operator-sessions">
          {operator.passkeyList.map((passkey) => (
            <li key={passkey.id}>
              <strong>{passkey.name}</strong>{' '}
              <span className="muted">
                {t('admin.operators.passkeyDetails', {
                  created: when(passkey.createdAt),
                  lastUsed: passkey.lastUsedAt
                    ? when(passkey.lastUsedAt)
                    : t('admin.operators.neverUsed'),
                })}
              </span>{' '}
              <button
                type="button"
                className="button button--small button--danger-outline"
                aria-label={t('admin.operators.removePasskey', {
                  passkey: passkey.name,
                  name: operator.name,
                })}
                onClick={() => setAsking({ passkeyId: passkey.id, name: passkey.name })}
              >
                {t('admin.operators.removePasskeyShort')}
              </button>
            </li>
          ))}
          {operator.totp && (
            <li>
              <strong>{t('admin.operators.totp')}</strong>{' '}
              <span className="muted">
                {t('admin.operators.recoveryLeft', { count: operator.recoveryCodesLeft })}
              </span>
            </li>
          )}
        </ul>
      )}
      {joined && (operator.passkeyList.length > 0 || operator.totp) && (
        <button
          type="button"
          className="button button--small button--danger-outline"
          onClick={() => setAsking('reset')}
        >
          {t('admin.operators.reset')}
        </button>
      )}
      {asking && (
        <ConfirmOperatorChange
          open
          onClose={() => setAsking(null)}
          {...(asking === 'reset'
            ? {
                pending: reset.isPending,
                title: t('admin.operators.resetTitle', { name: operator.name }),
                description: t('admin.operators.resetDescription', { name: operator.name }),
                confirmLabel: t('admin.operators.reset'),
                onConfirm: () =>
                  reset.mutate(operator.id, { onSuccess: () => setAsking(null), onError: refused }),
              }
            : {
                pending: removePasskey.isPending,
                title: t('admin.operators.removePasskeyTitle', {
                  passkey: asking.name,
                  name: operator.name,
                }),
                description: t('admin.operators.removePasskeyDescription', { name: operator.name }),
                confirmLabel: t('admin.operators.removePasskeyShort'),
                onConfirm: () =>
                  removePasskey.mutate(
                    { operatorId: operator.id, passkeyId: asking.passkeyId },
                    { onSuccess: () => setAsking(null), onError: refused },
                  ),
              })}
        />
      )}
    </section>
  );
}

function OperatorCard({ operator }: { operator: Operator }) {
  const t = useAdminText();
  const when = useWhen();
  const headingId = useId();
  const factors = [
    operator.passkeys > 0 ? t('admin.operators.passkeys', { count: operator.passkeys }) : null,
    operator.totp ? t('admin.operators.totp') : null,
  ].filter((factor): factor is string => factor !== null);
  const managed = operator.role !== 'owner' && operator.state !== 'erased';
  return (
    <article
      className={`operator-card operator-card--${operator.state}`}
      aria-labelledby={headingId}
    >
      <header className="operator-card__head">
        <h3 id={headingId}>{operator.name}</h3>
        <span className="registration-card__id">#{operator.number}</span>
        <span className="admin-badge admin-badge--open">{t(roleLabel(operator.role))}</span>
        <span
          className={`admin-badge admin-badge--${operator.state === 'active' ? 'confirmed' : operator.state === 'invited' ? 'held' : 'cancelled'}`}
        >
          {t(stateLabel(operator.state))}
        </span>
      </header>
      <dl className="registration-card__facts">
        {operator.role !== 'owner' && (
          <div>
            <dt>{t('admin.operators.email')}</dt>
            <dd>
              {operator.email ? (
                <EmailAddress address={operator.email} />
              ) : (
                t('admin.operators.erasedValue')
              )}
            </dd>
          </div>
        )}
        {operator.role !== 'owner' && (
          <div>
            <dt>{t('admin.operators.factors')}</dt>
            <dd>{factors.length > 0 ? factors.join(' · ') : t('admin.operators.noFactors')}</dd>
          </div>
        )}
        {operator.invitedAt && (
          <div>
            <dt>{t('admin.operators.invitedAt')}</dt>
            <dd>{when(operator.invitedAt)}</dd>
          </div>
        )}
        {operator.joinedAt && (
          <div>
            <dt>{t('admin.operators.joinedAt')}</dt>
            <dd>{when(operator.joinedAt)}</dd>
          </div>
        )}
      </dl>
      {operator.role !== 'owner' && operator.state !== 'erased' && (
        <OperatorFactors operator={operator} />
      )}
      <h4>{t('admin.operators.sessions', { count: operator.sessions.length })}</h4>
      {operator.sessions.length === 0 ? (
        <p className="muted">{t('admin.operators.noSessions')}</p>
      ) : (
        <ul className="operator-sessions">
          {operator.sessions.map((session) => (
            <SessionRow key={session.id} operator={operator} session={session} />
          ))}
        </ul>
      )}
      {managed && <OperatorControls operator={operator} />}
    </article>
  );
}

/**
 * The owner's Operators page: every operator with role, state, second factors (each passkey by
 * name) and open sessions; invite, change a role, suspend and reinstate, end a session, remove a
 * passkey, reset a second factor, erase a suspended one.
 */
export function OperatorsPage() {
  const t = useAdminText();
  const operators = useOperators();
  const { sessionExpired } = useAdminFailure();
  const titleId = useId();

  useEffect(() => {
    if (isUnauthorized(operators.error)) sessionExpired();
  }, [operators.error, sessionExpired]);

  return (
    <div className="command-center operators-page">
      <header className="command-center__head">
        <div>
          <h1 id={titleId}>{t('admin.operators.title')}</h1>
          {operators.data && (
            <p className="command-center__count">
              <strong>{t('admin.operators.count', { count: operators.data.length })}</strong>
            </p>
          )}
        </div>
      </header>
      <InviteForm />
      <section className="admin-panel" aria-labelledby={`${titleId}-list`}>
        <h2 id={`${titleId}-list`}>{t('admin.operators.listTitle')}</h2>
        {operators.isPending ? (
          <p role="status">{t('admin.operators.loading')}</p>
        ) : operators.isError ? (
          <p className="notice notice--error" role="alert">
            {t('admin.operators.loadError')}
          </p>
        ) : (
          <div className="operator-list">
            {operators.data.map((operator) => (
              <OperatorCard key={operator.id} operator={operator} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
