/** One refused field: its stable code (`too-long`, `blank`...), the bound it broke if any. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
  limit?: number;
}

/** Any non-OK answer: the message is 'HTTP Error {status}' and the response travels with it. */
export class HttpError extends Error {
  readonly status: number;
  readonly response: Response;
  /** The server's message from the `{statusCode, message, errors}` body, when there is one. */
  readonly serverMessage: string | undefined;
  /** The answer's stable code (`slot-full`, `validation-failed`...): what to choose words by. */
  readonly code: string | undefined;
  readonly fieldErrors: FieldError[];
  /** The answer's parsed JSON body, for routes whose refusals carry more than a message. */
  readonly body: unknown;

  constructor(response: Response, body?: unknown) {
    super(`HTTP Error ${response.status}`);
    this.name = 'HttpError';
    this.status = response.status;
    this.response = response;
    this.body = body;
    const parsed = isErrorBody(body) ? body : undefined;
    this.serverMessage = parsed
      ? Array.isArray(parsed.message)
        ? parsed.message.join(', ')
        : parsed.message
      : undefined;
    this.code = parsed && typeof parsed.code === 'string' ? parsed.code : undefined;
    this.fieldErrors = parsed && Array.isArray(parsed.errors) ? parsed.errors : [];
  }
}

interface ErrorBody {
  code?: string;
  message: string | string[];
  errors?: FieldError[];
}

function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    (typeof body.message === 'string' || Array.isArray(body.message))
  );
}
