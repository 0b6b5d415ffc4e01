import type { IntlShape } from 'react-intl';
import type { CatalogueEvent } from './catalogue';

/** What names an event's place: the tour's names, in English and per language. */
export type NamedEvent = Pick<CatalogueEvent, 'slug' | 'city' | 'venue'> &
  Partial<Pick<CatalogueEvent, 'localised'>>;

/**
 * An event's city or venue in the visitor's language: the tour's own name in that language (an
 * operator may announce an event with its Italian and Romanian names), else the site's catalogue
 * (`city.<slug>`, `venue.<slug>`), else the tour's English name. The built site ships no message
 * parser, so no defaultMessage is formatted.
 */
export function placeName(intl: IntlShape, event: NamedEvent, place: 'city' | 'venue'): string {
  const language = intl.locale === 'it' || intl.locale === 'ro' ? intl.locale : undefined;
  const toured = language ? event.localised?.[language]?.[place] : undefined;
  if (toured) return toured;
  const id = `${place}.${event.slug}`;
  return id in intl.messages ? intl.formatMessage({ id }) : event[place];
}

/**
 * The city of the event a registration names by its slug, as placeName() gives it; an event the
 * tour no longer lists is named by the site's catalogue, or by its slug.
 */
export function cityOf(
  intl: IntlShape,
  slug: string,
  events: readonly CatalogueEvent[] | undefined,
): string {
  const event = events?.find((candidate) => candidate.slug === slug);
  return placeName(intl, event ?? { slug, city: slug, venue: slug }, 'city');
}
