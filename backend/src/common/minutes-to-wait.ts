/**
 * How long a refusal for now asks to wait, as its message says it: the seconds of its
 * Retry-After rounded up to whole minutes, "1 minute" or "30 minutes".
 */
export function minutesToWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
