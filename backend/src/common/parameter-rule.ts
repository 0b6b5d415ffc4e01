/**
 * A request parameter's rule (path, query or header): its longest length and, where the value has
 * a shape, the pattern it must match. Each rule is written once, by the module that owns what the
 * parameter names (a registration id, an event's slug, a slot's name, a link's token...); the
 * validation pipe enforces it with a 400 and the OpenAPI document declares it (maxLength,
 * pattern), so the two cannot differ.
 */
export interface ParameterRule {
  readonly maxLength: number;
  /** Anchored (^…$); its source is the document's `pattern`. */
  readonly pattern?: RegExp;
  /** What the value must be, for the message: "a registration id (a UUID)". */
  readonly shape: string;
}

/** The rule's bounds as the document declares them: its maxLength, and its pattern if it has one. */
export function documentedBounds(rule: ParameterRule): { maxLength: number; pattern?: string } {
  return { maxLength: rule.maxLength, ...(rule.pattern ? { pattern: rule.pattern.source } : {}) };
}

/** Length as JSON Schema's maxLength counts it: in characters (code points), not UTF-16 units. */
function longerThan(text: string, longest: number): boolean {
  return text.length > longest && [...text].length > longest;
}

/** What is wrong with a parameter's value: its field code, and the limit it broke if any. */
export interface ParameterFault {
  code: 'required' | 'not-text' | 'too-long' | 'bad-format';
  message: string;
  limit?: number;
}

/** What is wrong with a parameter's value under its rule, in words naming it; undefined if none. */
export function parameterFault(
  name: string,
  value: unknown,
  rule: ParameterRule,
): ParameterFault | undefined {
  if (value === undefined)
    return { code: 'required', message: `${name} is required: ${rule.shape}` };
  if (typeof value !== 'string') {
    return { code: 'not-text', message: `${name} must be ${rule.shape}, given once` };
  }
  if (longerThan(value, rule.maxLength)) {
    return {
      code: 'too-long',
      message: `${name} must be at most ${rule.maxLength} characters`,
      limit: rule.maxLength,
    };
  }
  if (value === '' || (rule.pattern && !rule.pattern.test(value))) {
    return { code: 'bad-format', message: `${name} must be ${rule.shape}` };
  }
  return undefined;
}
