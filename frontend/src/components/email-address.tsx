import { Fragment } from 'react';

/**
 * An email address that wraps between its parts, never inside one: a line may end before the
 * @ and before each dot (<wbr>), and only a part wider than the whole line is broken (CSS).
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="email-address">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
