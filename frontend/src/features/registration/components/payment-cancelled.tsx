import { useState } from 'react';
import type { Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { redirectTo } from '../../../lib/browser-location';
import { HttpError } from '../../../lib/http-error';
import { useGiveBackSeat } from '../api/give-back-seat';
import { useResumeCheckout } from '../api/resume-checkout';
import { localiseServerMessage } from '../rules/server-messages';
import { FieldError } from '../../../components/field';

type Outcome = 'given-back' | 'not-held';

/**
 * Where the payment page's Cancel leads: the seat is still held for the visitor, so they may go
 * back to the payment or give the seat back at once, and are told which happened.
 */
export function PaymentCancelled({
  registrationId,
  headingRef,
}: {
  registrationId: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const intl = useIntl();
  const resume = useResumeCheckout();
  const giveBack = useGiveBackSeat();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = resume.isPending || giveBack.isPending || resume.isSuccess;

  const explain = (error: unknown) =>
    setProblem(
      error instanceof HttpError && error.serverMessage
        ? localiseServerMessage(intl, error.serverMessage)
        : intl.formatMessage({ id: 'payment.cancelled.offline' }),
    );

  const onResume = () => {
    setProblem(null);
    resume.mutate(registrationId, {
      onSuccess: (open) => redirectTo(open.url),
      onError: explain,
    });
  };

  const onGiveBack = () => {
    setProblem(null);
    giveBack.mutate(registrationId, {
      onSuccess: (answer) => setOutcome(answer.seat),
      onError: explain,
    });
  };

  if (outcome) {
    return (
      <div className="notice" role="status" data-testid="payment-cancelled">
        <p className="notice__title">
          <FormattedMessage id={`payment.cancelled.${outcome}.title`} />
        </p>
        <p>
          <FormattedMessage id={`payment.cancelled.${outcome}.body`} />
        </p>
      </div>
    );
  }

  return (
    <section
      className="notice notice--warning payment-cancelled"
      aria-labelledby="payment-cancelled-title"
      data-testid="payment-cancelled"
    >
      <h2 id="payment-cancelled-title" className="notice__title" ref={headingRef} tabIndex={-1}>
        <FormattedMessage id="payment.cancelled.title" />
      </h2>
      <p>
        <FormattedMessage id="payment.cancelled.body" />
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy} onClick={onResume}>
          <FormattedMessage
            id={
              resume.isPending || resume.isSuccess
                ? 'form.submit.redirecting'
                : 'payment.cancelled.resume'
            }
          />
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onGiveBack}>
          <FormattedMessage id="payment.cancelled.giveBack" />
        </button>
      </div>
      <FieldError alert>{problem}</FieldError>
    </section>
  );
}
