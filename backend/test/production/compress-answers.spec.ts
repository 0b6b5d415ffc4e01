import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import express, { type Response } from 'express';
import { COMPRESSION_THRESHOLD, compressAnswers } from '../../src/common/compress-answers';
import { untilDrainedOrClosed } from '../../src/common/until-drained';
import { rawAnswer, type RawAnswer } from './raw-answer';

const large = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: `line ${i} of many` })) };
const largeJson = JSON.stringify(large);
const small = { seats: 20 };

/** What the test routes saw of their own writing (backpressure, callbacks, closes). */
const seen = { refusedWrites: 0, endCallbacks: 0, closedWriters: 0, mostBuffered: 0 };

function decoded(answer: RawAnswer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(answer.body);
    case 'gzip':
      return gunzipSync(answer.body);
    case 'deflate':
      return inflateSync(answer.body);
    default:
      return answer.body;
  }
}

/** Lines of about 64 KiB, each written when the answer takes more, as the export writes. */
async function writeSlowly(
  response: Response,
  pieces: number,
  filler: () => string,
): Promise<void> {
  let closed = false;
  response.on('close', () => (closed = true));
  for (let i = 0; i < pieces && !closed; i += 1) {
    const piece = `${String(i).padStart(6, '0')},${filler()}\n`;
    seen.mostBuffered = Math.max(seen.mostBuffered, response.writableLength);
    if (!response.write(piece)) {
      seen.refusedWrites += 1;
      await untilDrainedOrClosed(response);
    }
  }
  if (closed) seen.closedWriters += 1;
  else response.end(() => (seen.endCallbacks += 1));
}

function testApp(): express.Express {
  const app = express();
  compressAnswers(app);
  app.get('/large', (_request, response) => void response.json(large));
  app.get('/small', (_request, response) => void response.json(small));
  app.get('/png', (_request, response) => void response.type('png').send(Buffer.alloc(5000, 7)));
  app.get('/no-transform', (_request, response) => {
    response.setHeader('Cache-Control', 'no-transform');
    response.json(large);
  });
  app.get('/encoded', (_request, response) => {
    response.setHeader('Content-Type', 'application/json');
    response.setHeader('Content-Encoding', 'gzip');
    response.end(Buffer.from('already gzip, as sent'));
  });
  app.get('/stream', (_request, response) => {
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    void writeSlowly(response, 64, () => 'x'.repeat(65_529));
  });
  // What compresses little: 64 MiB would outgrow every buffer between here and a client gone.
  app.get('/noise', (_request, response) => {
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    void writeSlowly(response, 1024, () => randomBytes(49_146).toString('base64'));
  });
  return app;
}

describe('compressAnswers: the one compression middleware', () => {
  let server: Server;
  let base: string;

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawAnswer(`${base}${path}`, headers, method);

  beforeAll(async () => {
    server = createServer(testApp());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends brotli to a browser that lists it last, and says Vary', async () => {
    const answer = await get('/large', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.body.length).toBeLessThan(largeJson.length / 4);
    expect(decoded(answer).toString()).toBe(largeJson);
  });

  it.each([
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate, gzip;q=0.5', 'deflate'],
  ])('with Accept-Encoding "%s" sends %s', async (accept, encoding) => {
    const answer = await get('/large', { 'accept-encoding': accept });
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(decoded(answer).toString()).toBe(largeJson);
  });

  it.each([[undefined], ['identity'], ['zstd'], ['gzip;q=0, br;q=0'], ['gzip;q=0.5, identity']])(
    'with Accept-Encoding %s sends the answer as it is, with its length and Vary',
    async (accept) => {
      const answer = await get('/large', accept === undefined ? {} : { 'accept-encoding': accept });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(largeJson)));
      expect(answer.headers['vary']).toBe('Accept-Encoding');
      expect(answer.body.toString()).toBe(largeJson);
    },
  );

  it('leaves an answer under the threshold as it is, still saying Vary', async () => {
    expect(Buffer.byteLength(JSON.stringify(small))).toBeLessThan(COMPRESSION_THRESHOLD);
    const answer = await get('/small', { 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(JSON.parse(answer.body.toString())).toEqual(small);
  });

  it('leaves a type that does not compress as it is, without Vary', async () => {
    const answer = await get('/png', { 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toBeUndefined();
    expect(answer.body).toEqual(Buffer.alloc(5000, 7));
  });

  it('leaves an answer marked no-transform, or encoded already, as it is', async () => {
    const noTransform = await get('/no-transform', { 'accept-encoding': 'gzip, br' });
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(noTransform.body.toString()).toBe(largeJson);
    const encoded = await get('/encoded', { 'accept-encoding': 'gzip, br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.headers['vary']).toBe('Accept-Encoding');
    expect(encoded.body.toString()).toBe('already gzip, as sent');
  });

  it('answers HEAD with the length of the plain answer and no body', async () => {
    const answer = await get('/large', { 'accept-encoding': 'gzip, br' }, 'HEAD');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(largeJson)));
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.body.length).toBe(0);
  });

  it('answers a matching ETag with 304 and nothing else', async () => {
    const first = await get('/large', { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag;
    expect(etag).toBeDefined();
    const again = await get('/large', { 'accept-encoding': 'gzip', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body.length).toBe(0);
  });

  it('compresses a streamed answer with backpressure, whole and in order', async () => {
    const before = { ...seen };
    const answer = await get('/stream', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    const text = decoded(answer).toString();
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toHaveLength(64);
    expect(lines.map((line) => Number(line.slice(0, 6)))).toEqual([...Array(64).keys()]);
    expect(seen.refusedWrites).toBeGreaterThan(before.refusedWrites);
    expect(seen.endCallbacks).toBe(before.endCallbacks + 1);
  });

  it('holds the compressor back while the client reads slowly, and lets the writer go when it leaves', async () => {
    const before = seen.closedWriters;
    seen.mostBuffered = 0;
    await new Promise<void>((resolve, reject) => {
      const call = httpRequest(
        `${base}/noise`,
        { headers: { 'accept-encoding': 'br' } },
        (answer) => {
          answer.once('data', () => {
            answer.pause();
            setTimeout(() => {
              call.destroy();
              resolve();
            }, 1000);
          });
        },
      );
      call.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
      call.end();
    });
    const deadline = Date.now() + 5000;
    while (seen.closedWriters === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen.closedWriters).toBe(before + 1);
    // What the socket would not take waits in the compressor and the writer, not in the answer:
    // 48 MiB of compressed noise was on offer.
    expect(seen.mostBuffered).toBeLessThan(1024 * 1024);
  });
});
