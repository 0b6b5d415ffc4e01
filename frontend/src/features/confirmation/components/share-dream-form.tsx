import { useState } from 'react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type CodeTexts, textOfError } from '../../../lib/errors-by-code';
import { visibleLength } from '../../../lib/text-length';
import { SHARED_DREAM_MAX_LENGTH, SHARED_DREAM_MIN_LENGTH } from '../../../lib/shared-dream-bounds';
import { useShareDream } from '../api/share-dream';
import { FieldError } from '../../../components/field';
import { Notice } from '../../../components/notice';

/** The words for the refusals of a further dream, by their codes. */
const SHARE_DREAM_TEXTS: CodeTexts = {
  codes: {
    'dream-limit-reached': 'shareDream.error.limit',
    'dream-shares-throttled': 'shareDream.error.throttled',
    'no-longer-shares-dreams': 'shareDream.error.closed',
    'past-the-door': 'shareDream.error.closed',
  },
};

/** The box to share a further dream after registering. */
export function ShareDreamForm({ registrationId }: { registrationId: string }) {
  const intl = useIntl();
  const share = useShareDream();
  const [dream, setDream] = useState('');
  const length = visibleLength(dream);
  const valid = length >= SHARED_DREAM_MIN_LENGTH && length <= SHARED_DREAM_MAX_LENGTH;

  if (share.isSuccess) {
    return (
      <Notice titleId="shareDream.received.title" tone="success" role="status">
        <p>
          <FormattedMessage id="shareDream.received.body" />
        </p>
      </Notice>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid) share.mutate({ id: registrationId, dream: dream.normalize('NFC').trim() });
  };

  const error = share.isError
    ? textOfError(intl, share.error, SHARE_DREAM_TEXTS, 'shareDream.error')
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
          maxLength={SHARED_DREAM_MAX_LENGTH}
          value={dream}
          aria-describedby={`shared-dream-hint${error ? ' shared-dream-error' : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(change) => setDream(change.target.value)}
        />
        <p id="shared-dream-hint" className="field-hint">
          <FormattedMessage
            id="shareDream.hint"
            values={{ min: SHARED_DREAM_MIN_LENGTH, max: SHARED_DREAM_MAX_LENGTH }}
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
