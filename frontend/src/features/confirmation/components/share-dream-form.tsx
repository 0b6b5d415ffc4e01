import { useState } from 'react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HttpError } from '../../../lib/http-error';
import { visibleLength } from '../../../lib/text-length';
import { useShareDream } from '../api/share-dream';
import { FieldError } from '../../../components/field';

export const SHARED_DREAM_MIN = 10;
export const SHARED_DREAM_MAX = 2000;

/** The box to share a further dream after registering. */
export function ShareDreamForm({ registrationId }: { registrationId: string }) {
  const intl = useIntl();
  const share = useShareDream();
  const [dream, setDream] = useState('');
  const length = visibleLength(dream);
  const valid = length >= SHARED_DREAM_MIN && length <= SHARED_DREAM_MAX;

  if (share.isSuccess) {
    return (
      <div className="notice notice--success" role="status">
        <p className="notice__title">
          <FormattedMessage id="shareDream.received.title" />
        </p>
        <p>
          <FormattedMessage id="shareDream.received.body" />
        </p>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid) share.mutate({ id: registrationId, dream: dream.normalize('NFC').trim() });
  };

  const error =
    share.error instanceof HttpError && share.error.serverMessage
      ? share.error.serverMessage
      : share.isError
        ? intl.formatMessage({ id: 'shareDream.error' })
        : null;

  return (
    <form className="share-dream card" onSubmit={onSubmit} aria-labelledby="share-dream-title">
      <h2 id="share-dream-title">
        <FormattedMessage id="shareDream.title" />
      </h2>
      <div className="field">
        <label htmlFor="shared-dream">
          <FormattedMessage id="shareDream.label" />
        </label>
        <textarea
          id="shared-dream"
          rows={5}
          maxLength={SHARED_DREAM_MAX}
          value={dream}
          aria-describedby={`shared-dream-hint${error ? ' shared-dream-error' : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(change) => setDream(change.target.value)}
        />
        <p id="shared-dream-hint" className="field-hint">
          <FormattedMessage
            id="shareDream.hint"
            values={{ min: SHARED_DREAM_MIN, max: SHARED_DREAM_MAX }}
          />
        </p>
        {error && (
          <FieldError id="shared-dream-error" alert>
            {error}
          </FieldError>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={!valid || share.isPending}>
        <FormattedMessage id={share.isPending ? 'shareDream.submitting' : 'shareDream.submit'} />
      </button>
    </form>
  );
}
