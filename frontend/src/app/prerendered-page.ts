import type { CatalogueEvent } from '../lib/catalogue';
import type { Language } from '../features/language/hooks/use-language';

/** What a prerendered page carries for its hydration (a JSON script, not run, so CSP-safe). */
export interface PrerenderedData {
  language: Language;
  events: CatalogueEvent[];
}

export const PRERENDERED_DATA_ID = 'prerendered-data';

export function readPrerenderedData(): PrerenderedData | null {
  const element = document.getElementById(PRERENDERED_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PrerenderedData;
  } catch {
    return null;
  }
}
