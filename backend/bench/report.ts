/** A figure for the bench's tables: thousands grouped, `digits` decimals. */
export function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

/** A progress line on stderr (the tables go to stdout). */
export function log(message: string): void {
  console.error(`[bench] ${message}`);
}
