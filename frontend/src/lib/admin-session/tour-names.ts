import type { components } from '../api-schema';
import { toAdminLanguage } from './admin-catalogue';

type TourEventAdmin = components['schemas']['TourEventAdminDto'];

/** The event's city in the operator's language, when the operator gave it one; English otherwise. */
export function localCity(
  event: Pick<TourEventAdmin, 'city' | 'localised'>,
  locale: string,
): string {
  const language = toAdminLanguage(locale);
  return (language !== 'en' && event.localised[language]?.city) || event.city;
}

/** The venue likewise. */
export function localVenue(
  event: Pick<TourEventAdmin, 'venue' | 'localised'>,
  locale: string,
): string {
  const language = toAdminLanguage(locale);
  return (language !== 'en' && event.localised[language]?.venue) || event.venue;
}
