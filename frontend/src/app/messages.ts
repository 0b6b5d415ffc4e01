import { withRetries } from '../lib/lazy-page';

export type Messages = Record<string, string>;
export type CatalogueLanguage = 'en' | 'it' | 'ro';

// Each catalogue is its own chunk: a visitor downloads only the language they read.
const loaded: Partial<Record<CatalogueLanguage, Messages>> = {};

export function cachedCatalogue(language: CatalogueLanguage): Messages | undefined {
  return loaded[language];
}

async function importCatalogue(language: CatalogueLanguage): Promise<Messages> {
  switch (language) {
    case 'it':
      return (await import('../lang/it.json')).default;
    case 'ro':
      return (await import('../lang/ro.json')).default;
    default:
      return (await import('../lang/en.json')).default;
  }
}

export async function loadCatalogue(language: CatalogueLanguage): Promise<Messages> {
  const messages = loaded[language] ?? (await withRetries(() => importCatalogue(language)));
  loaded[language] = messages;
  return messages;
}
