import type { IntlShape } from 'react-intl';

/**
 * A catalogue text for data the API names (a city, a venue), or the API's own words when the
 * catalogue has none. The built site ships no message parser, so no defaultMessage is formatted.
 */
export function catalogueTextOr(intl: IntlShape, id: string, fallback: string): string {
  return id in intl.messages ? intl.formatMessage({ id }) : fallback;
}
