import compressible from 'compressible';
import type { Express, Request, Response } from 'express';
import Negotiator from 'negotiator';
import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createDeflate, createGzip } from 'node:zlib';

/** An answer shorter than this goes as it is: compressing it would save less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** What the app offers, best first: among those the client likes as well, brotli wins. */
const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Identity too: a client may like the answer as it is better (`gzip;q=0.5, identity`). */
const OFFERED = [...ENCODINGS, 'identity'];

/**
 * negotiator's `encoding(available, { preferred })` (documented since 1.0: the client's
 * qualities first, `preferred` among equals); @types/negotiator 0.6 does not declare it.
 */
type EncodingChoice = (
  this: Negotiator,
  available: readonly string[],
  options: { preferred: readonly string[] },
) => string | undefined;
const chooseEncoding = Negotiator.prototype.encoding as EncodingChoice;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

type Callback = (error?: Error | null) => void;
type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;

function compressor(encoding: Encoding): Transform {
  switch (encoding) {
    case 'br':
      // Quality 4 of 11: most of brotli's gain at a speed near gzip's, for answers made per request.
      return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    case 'gzip':
      return createGzip();
    case 'deflate':
      return createDeflate();
  }
}

function byteLength(chunk: unknown, encoding: unknown): number | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return 0;
  if (typeof chunk === 'string') {
    return Buffer.byteLength(
      chunk,
      typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
    );
  }
  if (ArrayBuffer.isView(chunk)) return chunk.byteLength;
  return undefined;
}

/**
 * How an answer goes, decided when its first bytes are written (its headers are all set then):
 * compressed with the best encoding the client accepts when its type is compressible, it may be
 * transformed (no `Cache-Control: no-transform`, as an event stream is marked), it is not
 * encoded already (the site's precompressed files), it has a body, and it is not known to be
 * shorter than the threshold (`length`: its Content-Length or, ended at once, its one chunk's;
 * undefined for a stream). Every answer of a compressible type says `Vary: Accept-Encoding`.
 * Once its headers are out, an answer goes on as it started.
 */
function encodingFor(
  request: Request,
  response: Response,
  length: number | undefined,
): Encoding | undefined {
  if (response.headersSent || response.destroyed) return undefined;
  const type = response.getHeader('Content-Type');
  if (typeof type !== 'string' || !compressible(type)) return undefined;
  const cacheControl = response.getHeader('Cache-Control');
  if (typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl)) return undefined;
  response.vary('Accept-Encoding');
  if (response.getHeader('Content-Encoding') !== undefined) return undefined;
  const declared = response.getHeader('Content-Length');
  const size = declared === undefined ? length : Number(declared);
  if (size !== undefined && size < COMPRESSION_THRESHOLD) return undefined;
  if (request.method === 'HEAD') return undefined;
  const chosen = chooseEncoding.call(new Negotiator(request), OFFERED, { preferred: ENCODINGS });
  return ENCODINGS.find((encoding) => encoding === chosen);
}

/**
 * Compresses the answers of `app` for the clients that accept it (see `encodingFor` for which):
 * every answer, the site's, the API's and the errors', whatever middleware comes first. Not a
 * middleware: `write` and `end` are overridden once, on the app's own response prototype
 * (`app.response`, Express's documented place for that), and decide at an answer's first bytes.
 * So nothing is wrapped or allocated per request, and an answer that goes as it is costs a look
 * at its headers. A compressed one flows through zlib with backpressure both ways (the socket
 * pauses the compressor; the compressor's `drain` reaches the answer's writers), and its
 * compressor is released when the answer closes, finished or cut.
 */
export function compressAnswers(app: Express): void {
  const prototype = app.response;
  const write = prototype.write as Write;
  const end = prototype.end as End;
  prototype.write = function (
    this: Response,
    chunk: unknown,
    encoding?: unknown,
    callback?: unknown,
  ) {
    const chosen = encodingFor(this.req, this, undefined);
    if (chosen === undefined) return write.call(this, chunk, encoding, callback);
    compressThrough(this, chosen, write, end);
    return (this.write as Write)(chunk, encoding, callback);
  } as Response['write'];
  prototype.end = function (
    this: Response,
    chunk?: unknown,
    encoding?: unknown,
    callback?: unknown,
  ) {
    const chosen = encodingFor(this.req, this, byteLength(chunk, encoding));
    if (chosen === undefined) return end.call(this, chunk, encoding, callback);
    compressThrough(this, chosen, write, end);
    return (this.end as End)(chunk, encoding, callback);
  } as Response['end'];
}

/**
 * Sends the rest of `response` through a compressor: its own `write` and `end`, over the
 * prototype's, feed the compressor, whose output goes out by the prototype's.
 */
function compressThrough(response: Response, encoding: Encoding, write: Write, end: End): void {
  const stream = compressor(encoding);
  response.setHeader('Content-Encoding', encoding);
  response.removeHeader('Content-Length');
  stream.on('data', (data: Buffer) => {
    if (!write.call(response, data)) stream.pause();
  });
  stream.on('end', () => end.call(response));
  stream.on('drain', () => response.emit('drain'));
  stream.on('error', (error: Error) => response.destroy(error));
  // The compressor's own drain, passed on to the writers above, comes here too: the socket
  // may still be full then, and the compressor stays paused until it is not.
  response.on('drain', () => {
    if (!response.writableNeedDrain) stream.resume();
  });
  response.on('close', () => stream.destroy());
  response.write = ((chunk: unknown, chunkEncoding?: unknown, callback?: unknown) =>
    stream.write(
      chunk,
      chunkEncoding as BufferEncoding,
      callback as Callback,
    )) as Response['write'];
  response.end = function (
    this: Response,
    chunk?: unknown,
    chunkEncoding?: unknown,
    callback?: unknown,
  ) {
    stream.end(chunk, chunkEncoding as BufferEncoding, callback as Callback);
    return this;
  } as Response['end'];
}
