import en from '../../lang/admin/en.json';

export type AdminMessageId = keyof typeof en;
export type AdminLanguage = 'en' | 'it' | 'ro';
type AdminMessages = Record<string, unknown>;

// English comes with the Command Center's chunk; Italian and Romanian load when first asked for.
const loaded: Partial<Record<AdminLanguage, AdminMessages>> = { en };

export function toAdminLanguage(locale: string): AdminLanguage {
  return locale === 'it' || locale === 'ro' ? locale : 'en';
}

export function cachedAdminCatalogue(language: AdminLanguage): AdminMessages | undefined {
  return loaded[language];
}

export async function loadAdminCatalogue(language: AdminLanguage): Promise<AdminMessages> {
  const cached = loaded[language];
  if (cached) return cached;
  const messages: AdminMessages =
    language === 'it'
      ? (await import('../../lang/admin/it.json')).default
      : (await import('../../lang/admin/ro.json')).default;
  loaded[language] = messages;
  return messages;
}
