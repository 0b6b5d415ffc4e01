import { FormattedMessage } from 'react-intl';

/** A line of the performance's own, set apart from the text around it. */
export function Quote({ id }: { id: string }) {
  return (
    <blockquote className="quote">
      <p>
        <FormattedMessage id={id} />
      </p>
    </blockquote>
  );
}
