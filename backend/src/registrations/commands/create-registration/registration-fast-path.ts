import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { jsonAnswerHeaders, type FastPath, type RequestListener } from '../../../common/fast-path';
import { toApiError } from '../../../common/api-exception.filter';
import { chooseRequestId } from '../../../common/request-id';
import type { InFlightRequests } from '../../../health/graceful-shutdown';
import type { ServerLifecycle } from '../../../health/server-lifecycle';
import { runInRequestContext } from '../../../logging/request-context';
import { BODY_LIMIT_BYTES, jsonBodyProblem, jsonBodyRefusal } from '../../../security/body-limits';
import type { RegistrationRateLimit } from '../../../security/registration-rate-limit';
import type { CreateRegistrationResponseDto } from './create-registration.response.dto';
import { acceptRegistrationBody, type RegistrationBody } from './registration-body';

export const REGISTRATION_PATH = '/api/create-checkout-session';
const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const BYTE_ORDER_MARK = 0xfeff;

export interface RegistrationFastPathOptions {
  /** The registration itself: the command and its answer, as the Nest route runs them. */
  register: (body: RegistrationBody, requestId: string) => Promise<CreateRegistrationResponseDto>;
  lifecycle: ServerLifecycle;
  inFlight: InFlightRequests;
  rateLimit: RegistrationRateLimit;
  /** The client's address as Express's request.ip gives it (TRUST_PROXY). */
  clientAddress: (request: IncomingMessage) => string;
  /** The security headers the rest of the API sends (helmet's, Cache-Control: no-store). */
  securityHeaders: () => readonly (readonly [string, string])[];
  /** Express's own ETag function, so an answer carries the ETag Express would give it. */
  etag: (body: Buffer, encoding: BufferEncoding) => string | undefined;
  /** The logger of the access log, which gets the same line per request as from pino-http. */
  accessLog?: Logger;
  /** Where errors of the server (5xx) are written, with their stack, as the exception filter does. */
  errorLog: { error(message: string): void };
}

/**
 * POST /api/create-checkout-session, the route of a rush, answered before Express and Nest: the
 * middleware chain, body-parser, routing and class-validator cost an app process about as much
 * CPU as the registration itself, and in a rush every millisecond of an event loop's time also
 * delays the statements of the slot's transaction, which hold the slot's lock.
 *
 * It takes only a plain JSON body of a declared length within the limit, on a server that is not
 * draining, and does here what the middleware does for it: request id, request context,
 * in-flight tracking, the registration rate limit, the security headers, the access-log line.
 * A body that acceptRegistrationBody does not accept as it stands (a field missing or too long,
 * an unknown field, a wrong type...) goes on to the Nest route with the parsed body, so every
 * refusal is the route's own, message for message; so does a request the rate limit refuses.
 * Everything else (another content type or encoding, a chunked body, a draining server) never
 * leaves the Nest route. The answer is the route's: same status, body and headers.
 */
export function registrationFastPath(options: RegistrationFastPathOptions): FastPath {
  return (request, response, rest) => {
    if (request.method !== 'POST' || request.url !== REGISTRATION_PATH) return false;
    const headers = request.headers;
    const length = Number(headers['content-length']);
    if (
      options.lifecycle.draining ||
      !JSON_CONTENT_TYPE.test(headers['content-type'] ?? '') ||
      headers['transfer-encoding'] !== undefined ||
      // The route's IdempotencyInterceptor answers retries; the fast path knows nothing of it.
      headers['idempotency-key'] !== undefined ||
      (headers['content-encoding'] !== undefined && headers['content-encoding'] !== 'identity') ||
      !Number.isInteger(length) ||
      length <= 0 ||
      length > BODY_LIMIT_BYTES
    ) {
      return false;
    }
    serve(options, request, response, rest).catch((error: unknown) => {
      // Nothing above should throw; if it does, the visitor still gets the API's 500.
      options.errorLog.error(
        `POST ${REGISTRATION_PATH} failed in the fast path: ${
          error instanceof Error ? (error.stack ?? error.message) : String(error)
        }`,
      );
      if (response.headersSent) response.destroy();
      else {
        const refusal = toApiError(error);
        response.writeHead(refusal.statusCode, {
          'Content-Type': 'application/json; charset=utf-8',
        });
        response.end(JSON.stringify(refusal));
      }
    });
    return true;
  };
}

async function serve(
  options: RegistrationFastPathOptions,
  request: IncomingMessage,
  response: ServerResponse,
  rest: RequestListener,
): Promise<void> {
  const started = process.hrtime.bigint();
  const requestId = chooseRequestId(request.headers['x-request-id']);
  // The Nest route, if the request goes on there, keeps this id (the middleware takes it again).
  request.headers['x-request-id'] = requestId;
  options.inFlight.track(response);
  if (options.rateLimit.enabled) {
    const decision = await options.rateLimit.count(options.clientAddress(request), response);
    options.rateLimit.countedAlready(request, decision);
    if (decision && !decision.allowed) return rest(request, response);
  }
  const raw = await readBody(request);
  if (raw === undefined) return; // the client went away; nothing to answer
  let parsed: unknown;
  try {
    parsed = parseJson(raw);
  } catch (error) {
    // body-parser's refusal (or jsonBodyBoundsMiddleware's), mapped as the API maps it.
    const refusal = toApiError(
      (error as { status?: unknown }).status === 400
        ? error
        : Object.assign(error as Error, { status: 400, type: 'entity.parse.failed' }),
    );
    return send(options, request, response, requestId, started, refusal.statusCode, refusal);
  }
  const body = acceptRegistrationBody(parsed);
  if (!body) {
    // Read to its end, the request is left as it is by body-parser (and `_body` says "parsed"
    // to its older versions): the route validates `body` and answers it.
    Object.assign(request, { body: parsed, _body: true });
    return rest(request, response);
  }
  let statusCode = 200;
  let answer: unknown;
  try {
    answer = await runInRequestContext(requestId, () => options.register(body, requestId));
  } catch (error) {
    const refusal = toApiError(error);
    if (refusal.statusCode >= 500) {
      options.errorLog.error(
        `POST ${REGISTRATION_PATH} -> ${refusal.statusCode}: ${
          error instanceof Error ? (error.stack ?? error.message) : String(error)
        }`,
      );
    }
    statusCode = refusal.statusCode;
    answer = refusal;
  }
  send(options, request, response, requestId, started, statusCode, answer);
}

/** The body's bytes, or undefined if the request was aborted or failed first. */
function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (body: Buffer | undefined) => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('aborted', onError);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = () => finish(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    const onError = () => finish(undefined);
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('aborted', onError);
  });
}

/**
 * As body-parser reads JSON (UTF-8 without its byte order mark, an object or array only) and
 * jsonBodyBoundsMiddleware bounds it.
 */
function parseJson(raw: Buffer): unknown {
  const problem = jsonBodyProblem(raw);
  if (problem) throw jsonBodyRefusal(problem);
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
  const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw new SyntaxError('Unexpected token in JSON');
  return JSON.parse(text) as unknown;
}

function send(
  options: RegistrationFastPathOptions,
  request: IncomingMessage,
  response: ServerResponse,
  requestId: string,
  started: bigint,
  statusCode: number,
  answer: unknown,
): void {
  if (response.headersSent || response.destroyed) return;
  const payload = Buffer.from(JSON.stringify(answer), 'utf8');
  for (const [name, value] of jsonAnswerHeaders(options.securityHeaders(), payload, options.etag)) {
    response.setHeader(name, value);
  }
  response.setHeader('X-Request-Id', requestId);
  if (statusCode === 503) response.setHeader('Retry-After', '5');
  response.writeHead(statusCode);
  response.end(payload);
  const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
  const log = options.accessLog;
  if (log?.isLevelEnabled(level)) {
    log[level](
      {
        requestId,
        req: {
          method: 'POST',
          url: REGISTRATION_PATH,
          remoteAddress: options.clientAddress(request),
        },
        res: { statusCode },
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
      },
      `POST ${REGISTRATION_PATH} ${statusCode}`,
    );
  }
}
