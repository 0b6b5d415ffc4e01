import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** One term of a description list (dl): its label from the catalogue, its value. */
export function Detail({
  labelId,
  className,
  children,
}: {
  labelId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>
        <FormattedMessage id={labelId} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
