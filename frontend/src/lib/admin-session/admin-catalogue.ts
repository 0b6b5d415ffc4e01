import en from '../../lang/admin/en.json';
import doorEn from '../../lang/door/en.json';

/**
 * The Command Center's texts: the console's own catalogue (lang/admin/) and the door's
 * (lang/door/), which the console's shell names too (the door page's title and loading line).
 */
export type AdminMessageId = keyof typeof en | keyof typeof doorEn;
export type AdminLanguage = 'en' | 'it' | 'ro';
type AdminMessages = Record<string, unknown>;

// English comes with the Command Center's chunk; Italian and Romanian load when first asked for.
const loaded: Partial<Record<AdminLanguage, AdminMessages>> = { en: { ...en, ...doorEn } };

export function toAdminLanguage(locale: string): AdminLanguage {
  return locale === 'it' || locale === 'ro' ? locale : 'en';
}

export function cachedAdminCatalogue(language: AdminLanguage): AdminMessages | undefined {
  return loaded[language];
}

export async function loadAdminCatalogue(language: AdminLanguage): Promise<AdminMessages> {
  const cached = loaded[language];
  if (cached) return cached;
  const [admin, door] =
    language === 'it'
      ? await Promise.all([import('../../lang/admin/it.json'), import('../../lang/door/it.json')])
      : await Promise.all([import('../../lang/admin/ro.json'), import('../../lang/door/ro.json')]);
  const messages: AdminMessages = { ...admin.default, ...door.default };
  loaded[language] = messages;
  return messages;
}
