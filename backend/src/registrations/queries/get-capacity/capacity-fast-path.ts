import { jsonAnswerHeaders, type FastPath } from '../../../common/fast-path';
import type { Logger } from 'pino';
import type { ServerLifecycle } from '../../../health/server-lifecycle';
import { scrubUrl } from '../../../logging/personal-data-redaction';
import type { CapacityCache } from './capacity-cache';
import { chooseRequestId } from '../../../common/request-id';
import { answerCapacity, CAPACITY_CACHE_CONTROL } from './capacity-answer';

const PATH = '/api/capacity';
const QUESTION_MARK = 63;

export interface CapacityFastPathOptions {
  cache: CapacityCache;
  lifecycle: ServerLifecycle;
  /** The security headers the rest of the API sends (helmet's, Cache-Control: no-store). */
  securityHeaders: () => readonly (readonly [string, string])[];
  /** Express's own ETag function, so a cached answer carries the ETag Express would give it. */
  etag: (body: Buffer, encoding: BufferEncoding) => string | undefined;
  /**
   * Given only when debug lines are written: capacity answers served here are logged at debug
   * level, not at info like other requests (a line per poll was the largest cost per answer).
   */
  logger?: Logger;
}

/**
 * GET /api/capacity answered from the capacity cache before Express and Nest (request context,
 * access log, helmet, body parsers, routing): the same bytes, status and headers as the Nest
 * route, which stays registered (and documented) and serves everything this does not: a cold or
 * switched-off cache, an If-Modified-Since, a draining server, HEAD, any other method or path.
 * An If-None-Match is answered here as there, by answerCapacity().
 * The headers are computed once per cached body.
 */
export function capacityFastPath(options: CapacityFastPathOptions): FastPath {
  const { cache, lifecycle, securityHeaders, etag, logger } = options;
  let last: { body: Buffer; headers: [string, string][] } | undefined;
  const headersFor = (body: Buffer): [string, string][] => {
    if (last?.body !== body) {
      const headers = jsonAnswerHeaders(securityHeaders(), body, etag).map(
        ([name, value]): [string, string] =>
          name === 'Cache-Control' ? [name, CAPACITY_CACHE_CONTROL] : [name, value],
      );
      last = { body, headers };
    }
    return last.headers;
  };
  return (request, response) => {
    if (request.method !== 'GET') return false;
    const url = request.url ?? '';
    if (url !== PATH && !(url.startsWith(PATH) && url.charCodeAt(PATH.length) === QUESTION_MARK)) {
      return false;
    }
    const headers = request.headers;
    if (headers['if-modified-since'] || lifecycle.draining) {
      return false;
    }
    const body = cache.fresh();
    if (!body) return false;
    const started = logger ? process.hrtime.bigint() : 0n;
    const id = chooseRequestId(headers['x-request-id']);
    answerCapacity(request, response, body, [...headersFor(body), ['X-Request-Id', id]]);
    if (logger) {
      logger.debug(
        {
          requestId: id,
          req: { method: 'GET', url: scrubUrl(url), remoteAddress: request.socket.remoteAddress },
          res: { statusCode: response.statusCode },
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        },
        `GET ${scrubUrl(url)} ${response.statusCode}`,
      );
    }
    return true;
  };
}
