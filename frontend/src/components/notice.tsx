import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface NoticeProps {
  /** The catalogue id of the notice's first line, set in bold. */
  titleId?: string;
  tone?: 'warning' | 'success' | 'error';
  /** `status` when the notice appears in answer to what the visitor did. */
  role?: 'status' | 'alert';
  children?: ReactNode;
}

/** A boxed message in the flow of a page: a title line and what follows it. */
export function Notice({ titleId, tone, role, children }: NoticeProps) {
  return (
    <div className={tone ? `notice notice--${tone}` : 'notice'} role={role}>
      {titleId && (
        <p className="notice__title">
          <FormattedMessage id={titleId} />
        </p>
      )}
      {children}
    </div>
  );
}
