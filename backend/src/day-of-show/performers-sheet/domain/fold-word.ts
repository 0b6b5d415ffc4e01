/** A word as compared: without accents or cedillas, in lower case (Ștefan, Stefan, STEFAN). */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
