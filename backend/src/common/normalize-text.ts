import { Transform } from 'class-transformer';
import { normalizeText } from './text';

/**
 * Composes (NFC) and trims a string field before it is validated; other values pass through to
 * fail validation.
 */
export function NormalizeText(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? normalizeText(value) : value));
}
