/**
 * Replaces email addresses in a provider's error text (SMTP and Stripe errors often quote
 * them), so what we store or log about a failure holds no personal data.
 */
export function redactAddresses(text: string): string {
  return text.replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g, '<address>');
}
