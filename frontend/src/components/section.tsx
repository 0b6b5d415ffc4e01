import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface SectionProps {
  /** The catalogue id of the section's heading. */
  titleId: string;
  /** The heading element's id, which names the section for assistive technology. */
  headingId: string;
  className?: string;
  /** An aside for what stands beside the page's content (a call to action). */
  as?: 'section' | 'aside';
  children: ReactNode;
}

/** A part of a page under its own h2, named by it (aria-labelledby). */
export function Section({
  titleId,
  headingId,
  className = 'section',
  as: Element = 'section',
  children,
}: SectionProps) {
  return (
    <Element className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </Element>
  );
}
