import type { Locale } from '../../../common/locale';
import type { Author } from './find-author';
import type { Found } from './found';

export function findOthers(text: string, author: Author, language: Locale): Found[] {
  void text;
  void author;
  void language;
  return [];
}
