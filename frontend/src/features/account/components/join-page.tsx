import { Fragment, useId, useState } from 'react';
import type { ComponentType, FormEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http-error';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { useInvitation } from '../api/get-invitation';
import { useJoin } from '../api/join';
import type { Invitation } from '../../../lib/admin-session/operator-types';
import {
  AdminSessionProvider,
  useAdminSession,
} from '../../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import { AdminIntlProvider } from '../../../lib/admin-session/admin-intl-provider';
import { roleLabel } from '../../../lib/admin-session/operator-display';
import { passphraseProblem } from '../model/passphrase-messages';
import { SecondFactorSetup } from './second-factor-setup';
import '../../../components/command-center.css';
import { FieldError } from '../../../components/field';
import { formatDeadline } from '../../../lib/dates';
import './account.css';
import { JOINING_NAME_MAX_LENGTH, PASSPHRASE_MIN_LENGTH } from '../../../lib/console-bounds';

function invitationProblem(error: unknown, t: AdminText): string {
  if (error instanceof HttpError && error.status === 410) return t('admin.join.usedOrExpired');
  if (error instanceof HttpError && (error.status === 400 || error.status === 404))
    return t('admin.join.invalid');
  return t('admin.join.loadError');
}

function JoinForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const t = useAdminText();
  const intl = useIntl();
  const join = useJoin();
  const { signIn } = useAdminSession();
  const [name, setName] = useState(invitation.name);
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState<{ field: 'name' | 'passphrase' | null; text: string }>();
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim() || !passphrase || join.isPending) return;
    setProblem(undefined);
    join.mutate(
      { token, name: name.trim(), passphrase },
      {
        onSuccess: (session) => {
          setPassphrase('');
          signIn(session);
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 410) {
            setProblem({ field: null, text: t('admin.join.usedOrExpired') });
            return;
          }
          const fieldError =
            error instanceof HttpError
              ? error.fieldErrors.find((candidate) =>
                  ['name', 'passphrase'].includes(candidate.field),
                )
              : undefined;
          if (fieldError) {
            setProblem({
              field: fieldError.field as 'name' | 'passphrase',
              text:
                fieldError.field === 'passphrase'
                  ? passphraseProblem(fieldError, t)
                  : fieldError.message,
            });
          } else {
            setProblem({ field: null, text: t('admin.join.failed') });
          }
        },
      },
    );
  }

  const fieldProblem = (field: 'name' | 'passphrase') =>
    problem?.field === field ? problem.text : null;

  return (
    <form className="join-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.join.step1')}</h2>
      <dl className="join-page__invitation">
        <div>
          <dt>{t('admin.join.email')}</dt>
          <dd>{invitation.email}</dd>
        </div>
        <div>
          <dt>{t('admin.join.role')}</dt>
          <dd>{t(roleLabel(invitation.role))}</dd>
        </div>
        <div>
          <dt>{t('admin.join.expires')}</dt>
          <dd>
            <time dateTime={invitation.expiresAt}>
              {formatDeadline(invitation.expiresAt, intl.locale, invitation.timeZone)}
            </time>
          </dd>
        </div>
      </dl>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('admin.join.name')}</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="name"
          value={name}
          maxLength={JOINING_NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={fieldProblem('name') ? true : undefined}
          aria-describedby={fieldProblem('name') ? `${id}-name-error` : undefined}
          required
        />
        {fieldProblem('name') && (
          <FieldError id={`${id}-name-error`}>{fieldProblem('name')}</FieldError>
        )}
      </div>
      {/* The account's name for a password manager, beside the new passphrase. */}
      <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
      <div className="field">
        <label htmlFor={`${id}-passphrase`}>{t('admin.join.passphrase')}</label>
        <input
          id={`${id}-passphrase`}
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
          aria-invalid={fieldProblem('passphrase') ? true : undefined}
          aria-describedby={`${id}-rules${fieldProblem('passphrase') ? ` ${id}-passphrase-error` : ''}`}
          required
        />
        <ul id={`${id}-rules`} className="field-hint join-page__rules">
          <li>{t('admin.join.rule.length', { min: PASSPHRASE_MIN_LENGTH })}</li>
          <li>{t('admin.join.rule.common')}</li>
          <li>{t('admin.join.rule.words')}</li>
        </ul>
        {fieldProblem('passphrase') && (
          <FieldError id={`${id}-passphrase-error`}>{fieldProblem('passphrase')}</FieldError>
        )}
      </div>
      {problem && problem.field === null && <FieldError alert>{problem.text}</FieldError>}
      <button
        type="submit"
        className="button button--primary"
        disabled={!name.trim() || !passphrase || join.isPending}
      >
        {join.isPending ? t('admin.join.joining') : t('admin.join.submit')}
      </button>
    </form>
  );
}

function Join() {
  const t = useAdminText();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const invitation = useInvitation(token);
  const { state, operator, secondFactorRequired } = useAdminSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  // Joined here: the session this page opened, until its second factor is added.
  const [joined, setJoined] = useState(false);
  if (!joined && state === 'signed-in' && secondFactorRequired && invitation.isSuccess) {
    setJoined(true);
  }

  async function finished() {
    await queryClient.invalidateQueries({ queryKey: adminKeys.session() });
    void navigate('/admin');
  }

  return (
    <section className="command-center join-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('admin.join.title')}</h1>
      {joined ? (
        <div className="join-page__second-factor">
          <h2>{t('admin.join.step2')}</h2>
          <p>{t('admin.join.step2Lead', { name: operator?.name ?? '' })}</p>
          <SecondFactorSetup onDone={() => void finished()} />
        </div>
      ) : !token ? (
        <p className="notice notice--error" role="alert">
          {t('admin.join.invalid')}
        </p>
      ) : invitation.isPending ? (
        <p role="status">{t('admin.join.loading')}</p>
      ) : invitation.isError ? (
        <p className="notice notice--error" role="alert">
          {invitationProblem(invitation.error, t)}
        </p>
      ) : (
        <>
          <p className="muted">{t('admin.join.lead')}</p>
          <JoinForm token={token} invitation={invitation.data} />
        </>
      )}
    </section>
  );
}

function JoinTitle() {
  const t = useAdminText();
  return <PageTitle text={t('admin.join.pageTitle')} />;
}

/** /admin/join?token=…: an invited operator sets a name and passphrase, then a second factor. */
export default function JoinPage({
  frame: Frame = Fragment,
}: {
  /** What the page is drawn in, inside the console's texts and session (app/ gives its shell). */
  frame?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <AdminIntlProvider>
      <AdminSessionProvider>
        <Frame>
          <div className="page command-center-page">
            <JoinTitle />
            <meta name="robots" content="noindex" />
            <Join />
          </div>
        </Frame>
      </AdminSessionProvider>
    </AdminIntlProvider>
  );
}
