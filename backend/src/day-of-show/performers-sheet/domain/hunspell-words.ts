/**
 * Whether a word is in a Hunspell dictionary (the .aff and .dic files of wooorm's maintained
 * `dictionary-*` packages), by the dictionary's own affix rules: the word itself, a stem with one
 * suffix or one prefix, a prefix and a suffix, or two suffixes where the first allows the second
 * (Italian enclitics: "sognarla"). Only recognition, no suggestions: nspell builds every
 * suggestion table at load, which takes minutes for the Italian dictionary.
 */
interface Affix {
  flag: string;
  strip: string;
  add: string;
  /** Flags of the affixes that may follow this one (twofold suffixes). */
  continuation: string;
  condition: RegExp;
  crossProduct: boolean;
}

export class HunspellWords {
  /** Each stem, as written, with its flags. */
  private readonly stems = new Map<string, string>();
  private readonly suffixes = new Map<string, Affix[]>();
  private readonly prefixes = new Map<string, Affix[]>();
  private readonly conversions: [string, string][] = [];
  private longestSuffix = 0;
  private longestPrefix = 0;

  constructor(aff: string, dic: string) {
    const crossProduct = new Map<string, boolean>();
    for (const line of aff.split(/\r?\n/)) {
      const fields = line.trim().split(/\s+/);
      if (fields[0] === 'ICONV' && fields.length === 3) {
        this.conversions.push([fields[1], fields[2]]);
        continue;
      }
      if (fields[0] !== 'SFX' && fields[0] !== 'PFX') continue;
      const [type, flag] = fields;
      if (fields.length === 4 && /^\d+$/.test(fields[3])) {
        crossProduct.set(`${type}${flag}`, fields[2] === 'Y');
        continue;
      }
      if (fields.length < 5) continue;
      const [, , stripField, addField, conditionField] = fields;
      const [addWord, continuation = ''] = addField.split('/');
      const add = addWord === '0' ? '' : addWord;
      const strip = stripField === '0' ? '' : stripField;
      const condition =
        conditionField === '.'
          ? /(?:)/u
          : new RegExp(type === 'SFX' ? `${conditionField}$` : `^${conditionField}`, 'u');
      const affix: Affix = {
        flag,
        strip,
        add,
        continuation,
        condition,
        crossProduct: crossProduct.get(`${type}${flag}`) ?? false,
      };
      const table = type === 'SFX' ? this.suffixes : this.prefixes;
      const list = table.get(add) ?? [];
      list.push(affix);
      table.set(add, list);
      if (type === 'SFX') this.longestSuffix = Math.max(this.longestSuffix, add.length);
      else this.longestPrefix = Math.max(this.longestPrefix, add.length);
    }
    const lines = dic.split(/\r?\n/);
    for (let index = 1; index < lines.length; index += 1) {
      const line = lines[index];
      if (line.length === 0 || line.startsWith('/') || line.startsWith('\t')) continue;
      const entry = line.split(/\s/)[0];
      const slash = entry.search(/(?<!\\)\//);
      const word = (slash < 0 ? entry : entry.slice(0, slash)).replace(/\\\//g, '/');
      const flags = slash < 0 ? '' : entry.slice(slash + 1);
      this.stems.set(word, (this.stems.get(word) ?? '') + flags);
    }
  }

  /** Whether the dictionary lists the stem with this flag. */
  private hasStem(stem: string, flag: string): boolean {
    const flags = this.stems.get(stem);
    return flags !== undefined && flags.includes(flag);
  }

  private *suffixesOf(word: string): Generator<[Affix, string]> {
    for (let length = 0; length <= Math.min(this.longestSuffix, word.length - 1); length += 1) {
      const rules = this.suffixes.get(word.slice(word.length - length));
      if (!rules) continue;
      for (const rule of rules) {
        const stem = word.slice(0, word.length - length) + rule.strip;
        if (rule.condition.test(stem)) yield [rule, stem];
      }
    }
  }

  private *prefixesOf(word: string): Generator<[Affix, string]> {
    for (let length = 0; length <= Math.min(this.longestPrefix, word.length - 1); length += 1) {
      const rules = this.prefixes.get(word.slice(0, length));
      if (!rules) continue;
      for (const rule of rules) {
        const stem = rule.strip + word.slice(length);
        if (rule.condition.test(stem)) yield [rule, stem];
      }
    }
  }

  private knownAsWritten(word: string): boolean {
    if (this.stems.has(word)) return true;
    for (const [suffix, stem] of this.suffixesOf(word)) {
      if (this.hasStem(stem, suffix.flag)) return true;
      // Two suffixes: the inner one allows the outer (its continuation flags).
      for (const [inner, root] of this.suffixesOf(stem)) {
        if (inner.continuation.includes(suffix.flag) && this.hasStem(root, inner.flag)) return true;
      }
      if (!suffix.crossProduct) continue;
      for (const [prefix, root] of this.prefixesOf(stem)) {
        if (
          prefix.crossProduct &&
          this.hasStem(root, prefix.flag) &&
          this.hasStem(root, suffix.flag)
        )
          return true;
      }
    }
    for (const [prefix, stem] of this.prefixesOf(word)) {
      if (this.hasStem(stem, prefix.flag)) return true;
    }
    return false;
  }

  /**
   * Whether `word` is a word of the dictionary as written; a word in capitals or capitalised is
   * also looked for in lower case (the dictionary lists "casa", the text starts "Casa").
   */
  has(word: string): boolean {
    let written = word;
    for (const [from, to] of this.conversions) written = written.split(from).join(to);
    if (this.knownAsWritten(written)) return true;
    const lower = written.toLowerCase();
    if (lower !== written && this.knownAsWritten(lower)) return true;
    const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
    return capitalised !== written && this.knownAsWritten(capitalised);
  }

  /** Whether the dictionary knows `word` in lower case: an ordinary word, not only a name. */
  hasLowerCase(word: string): boolean {
    let written = word.toLowerCase();
    for (const [from, to] of this.conversions) written = written.split(from).join(to);
    return this.knownAsWritten(written);
  }

  /** Whether the dictionary knows `word` only capitalised: a place, a famous name, a brand. */
  hasProperNoun(word: string): boolean {
    const lower = word.toLowerCase();
    const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
    return this.knownAsWritten(capitalised) && !this.knownAsWritten(lower);
  }
}
