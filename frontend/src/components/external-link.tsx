import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Tooltip } from './tooltip';

function hostOf(href: string): string {
  try {
    return new URL(href).host;
  } catch {
    return href;
  }
}

/** A link that leaves the site: new tab, no opener, no referrer, and says so to screen readers. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Tooltip content={hostOf(href)}>
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <span className="visually-hidden">
          {' '}
          <FormattedMessage id="common.opensInNewTab" />
        </span>
      </a>
    </Tooltip>
  );
}
