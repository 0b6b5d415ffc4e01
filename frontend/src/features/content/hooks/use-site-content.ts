import { useIntl } from 'react-intl';
import { contentEn } from '../data/content.en';
import { contentIt } from '../data/content.it';
import { contentRo } from '../data/content.ro';
import type { SiteContent } from '../data/site-content';

const CONTENT: Record<string, SiteContent> = { en: contentEn, it: contentIt, ro: contentRo };

export function useSiteContent(): SiteContent {
  const { locale } = useIntl();
  return CONTENT[locale] ?? contentEn;
}
