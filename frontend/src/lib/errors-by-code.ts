import type { IntlShape } from 'react-intl';
import { HttpError, type FieldError } from './http-error';

/**
 * The client's words for the server's refusals, chosen by their codes (never by the server's
 * English): each answer carries a stable `code`, and each field error a code of its own (with
 * its `limit` where it broke a bound). A feature names the catalogue text of each code it shows;
 * a code it does not name falls back to its own words for the unforeseen.
 */

/** The catalogue ids of an answer's codes, and of its fields' codes by field. */
export interface CodeTexts {
  /** By the answer's code: `slot-closed` → the id of the slot's closing words. */
  readonly codes?: Readonly<Record<string, string>>;
  /** By field, then by the field's code: name → blank → `form.error.name`. */
  readonly fields?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** The answer's code, when the error is an answer of the API that carries one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof HttpError ? error.code : undefined;
}

/**
 * The text of an answer by its code, with `values` for the catalogue's placeholders. A code the
 * feature does not name is said in the server's own words, as it sent them (the unforeseen);
 * an error that is no answer (offline), or one without words, by the `fallback` id.
 */
export function textOfError(
  intl: IntlShape,
  error: unknown,
  texts: CodeTexts,
  fallback: string,
  values?: Record<string, string | number>,
): string {
  const code = errorCode(error);
  const id = code === undefined ? undefined : texts.codes?.[code];
  if (id) return intl.formatMessage({ id }, values);
  const unforeseen = error instanceof HttpError ? error.serverMessage : undefined;
  return unforeseen || intl.formatMessage({ id: fallback }, values);
}

/**
 * The text of one field's refusal by its field and code (its limit as `{limit}`, with `values`
 * for the catalogue's other placeholders); in the server's own words when the feature does not
 * name that code.
 */
export function textOfFieldError(
  intl: IntlShape,
  fieldError: FieldError,
  texts: CodeTexts,
  values?: Record<string, string | number>,
): string {
  const id = texts.fields?.[fieldError.field]?.[fieldError.code] ?? texts.codes?.[fieldError.code];
  return id
    ? intl.formatMessage({ id }, { ...values, limit: fieldError.limit ?? 0 })
    : fieldError.message;
}

/** Each refused field's text, by field. */
export function textsOfFieldErrors(
  intl: IntlShape,
  error: unknown,
  texts: CodeTexts,
  values?: Record<string, string | number>,
): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  return Object.fromEntries(
    error.fieldErrors.map((fieldError) => [
      fieldError.field,
      textOfFieldError(intl, fieldError, texts, values),
    ]),
  );
}
