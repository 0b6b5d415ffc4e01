import en from '../lang/en.json';

export type Messages = Record<string, string>;
export type CatalogueLanguage = 'en' | 'it' | 'ro';

// English ships with the home page; Italian and Romanian load when first needed.
const loaded: Partial<Record<CatalogueLanguage, Messages>> = { en };

export function cachedCatalogue(language: CatalogueLanguage): Messages | undefined {
  return loaded[language];
}

export async function loadCatalogue(language: CatalogueLanguage): Promise<Messages> {
  const cached = loaded[language];
  if (cached) return cached;
  const messages: Messages =
    language === 'it'
      ? (await import('../lang/it.json')).default
      : (await import('../lang/ro.json')).default;
  loaded[language] = messages;
  return messages;
}
