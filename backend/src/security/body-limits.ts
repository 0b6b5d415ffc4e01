import { isUtf8 } from 'node:buffer';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { sendApiError } from './api-error-response';

/** The largest request body any route accepts; a registration is a few kilobytes. */
export const BODY_LIMIT_BYTES = 100 * 1024;
export const BODY_LIMIT = '100kb';

export const BODY_TOO_LARGE = 'The request body is too large';

/**
 * Refuses a body over the limit before anything reads it, when its length is declared. Bodies
 * sent in chunks meet the same limit inside each parser.
 */
export function bodyLimitMiddleware(request: Request, response: Response, next: NextFunction) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) {
    // Say it and close: reading the rest of an oversized upload is what the limit avoids.
    response.setHeader('Connection', 'close');
    sendApiError(response, 413, 'body-too-large', BODY_TOO_LARGE);
    return;
  }
  next();
}

/** Keeps the bytes a parser read, as request.rawBody: the webhook checks its signature on them. */
function keepRawBody(request: Request, _response: Response, raw: Buffer): void {
  (request as Request & { rawBody?: Buffer }).rawBody = raw;
}

/**
 * Reads a request's body: every parser the API mounts, each with the same cap, then the JSON
 * body's bounds (jsonBodyBoundsMiddleware). One step of the app's chain, which a request that
 * carries no body (a GET, such as the capacity every open page polls) passes at once instead of
 * going through each of them to be told so.
 */
export function bodyReadingMiddleware(): RequestHandler {
  const parsers = express.Router();
  parsers.use(express.json({ limit: BODY_LIMIT, verify: keepRawBody }));
  parsers.use(
    express.urlencoded({
      limit: BODY_LIMIT,
      extended: false,
      parameterLimit: 100,
      verify: keepRawBody,
    }),
  );
  parsers.use(jsonBodyBoundsMiddleware);
  return (request, response, next) => {
    // Only a request that announces no body at all (no length, no chunked transfer) skips the
    // parsers: one that body-parser would not read either. Any other is judged by the parsers.
    const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
    if (length === undefined && chunked === undefined) return next();
    parsers(request, response, next);
  };
}

/** How deep a JSON body may nest, and how many members and items it may hold in all. */
export const JSON_MAX_DEPTH = 32;
export const JSON_MAX_MEMBERS = 1000;

export const BODY_NOT_UTF8 = 'The request body is not valid UTF-8';
export const BODY_TOO_DEEP = `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels)`;
export const BODY_TOO_MANY_MEMBERS = `The request body has too many fields or items (at most ${JSON_MAX_MEMBERS})`;

/** The code of each of jsonBodyProblem's answers (BodyRefused declares them). */
const BODY_PROBLEM_CODES: Record<string, string> = {
  [BODY_NOT_UTF8]: 'body-not-utf8',
  [BODY_TOO_DEEP]: 'body-too-deep',
  [BODY_TOO_MANY_MEMBERS]: 'body-too-many-members',
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]);
const CLOSERS = new Set([0x7d, 0x5d]);
const COMMA = 0x2c;

/**
 * Why a JSON body's bytes are refused before anything walks the parsed value, or undefined: bytes
 * that are not UTF-8 (a decoder would turn them into U+FFFD and store that), nesting deeper than
 * JSON_MAX_DEPTH, more than JSON_MAX_MEMBERS members and items. One pass over the bytes, outside
 * strings.
 */
export function jsonBodyProblem(raw: Buffer): string | undefined {
  if (!isUtf8(raw)) return BODY_NOT_UTF8;
  let depth = 0;
  let separators = 0;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < raw.length; index += 1) {
    const byte = raw[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte)) {
      depth += 1;
      if (depth > JSON_MAX_DEPTH) return BODY_TOO_DEEP;
    } else if (CLOSERS.has(byte)) depth -= 1;
    else if (byte === COMMA && ++separators >= JSON_MAX_MEMBERS) return BODY_TOO_MANY_MEMBERS;
  }
  return undefined;
}

/** A refusal of jsonBodyProblem, as body-parser's own refusals look (status, type). */
export function jsonBodyRefusal(problem: string): Error {
  return Object.assign(new Error(problem), { status: 400, type: 'entity.verify.failed' });
}

/**
 * After the parsers: a JSON body that jsonBodyProblem refuses is answered 400 here, before
 * validation (which walks the value) or a controller sees it.
 */
export function jsonBodyBoundsMiddleware(request: Request, response: Response, next: NextFunction) {
  const raw = (request as Request & { rawBody?: unknown }).rawBody;
  if (Buffer.isBuffer(raw) && request.is('json')) {
    const problem = jsonBodyProblem(raw);
    if (problem) {
      sendApiError(response, 400, BODY_PROBLEM_CODES[problem], problem);
      return;
    }
  }
  next();
}
