import { Transform } from 'class-transformer';

/** Trims a string field before it is validated; other values pass through to fail validation. */
export function Trim(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
}
