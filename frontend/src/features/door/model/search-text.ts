/**
 * Letters that carry no mark to strip but are written differently on a phone's keyboard: the
 * German sharp s, ligatures, and the letters whose stroke is part of the letter, not a mark.
 */
const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ı: 'i',
};
const SPELLED_OUT_PATTERN = new RegExp(`[${Object.keys(SPELLED_OUT).join('')}]`, 'gu');

/**
 * A name or a search as the door compares them: without case or diacritics, so that "stefan"
 * finds "Ștefan", "sebastien" finds "Sébastien" and "strasse" finds "Straße". Decomposed (NFD)
 * and stripped of its combining marks, which folds Romanian's comma-below letters (ș ț) and
 * their older cedilla forms (ş ţ) alike, Italian's accents and ă â î; lower-cased without the
 * device's locale (a Turkish phone's dotted I must not change what matches); spaces collapsed.
 */
export function searchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SPELLED_OUT_PATTERN, (letter) => SPELLED_OUT[letter] ?? letter)
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether a person's searchable words contain the search, both folded by searchText. */
export function matchesSearch(words: string, search: string): boolean {
  const wanted = searchText(search);
  return wanted === '' || searchText(words).includes(wanted);
}
