import type { Response } from 'express';

/** Answers from middleware that runs before Nest, in the one JSON error shape of the API. */
export function sendApiError(
  response: Response,
  statusCode: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) return;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.status(statusCode).json({ statusCode, message, errors: [] });
}
