/** Leaves the single-page app for another page (the card payment provider). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
