import type { Socket } from 'node:net';
import type { Response } from 'express';

/** Answers from middleware that runs before Nest, in the one JSON error shape of the API. */
export function sendApiError(
  response: Response,
  statusCode: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) return;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.status(statusCode).json(apiErrorBody(statusCode, code, message));
}

/** The one JSON error shape of the API. */
export function apiErrorBody(statusCode: number, code: string, message: string) {
  return { statusCode, code, message, errors: [] as unknown[] };
}

/**
 * The HTTP server's own refusals, before any request exists (a request line or headers it cannot
 * parse, headers over Node's size limit), in the same JSON shape instead of Node's bare status
 * line: the server's 'clientError' listener.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [statusCode, reason, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          'headers-too-large',
          'The request line and headers are too large.',
        ]
      : [400, 'Bad Request', 'malformed-request', 'The request could not be parsed as HTTP.'];
  const body = JSON.stringify(apiErrorBody(statusCode, code, message));
  socket.end(
    `HTTP/1.1 ${statusCode} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
