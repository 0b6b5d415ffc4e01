import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { rawAnswer, type RawAnswer } from './raw-answer';
import { writeSiteFixture } from './site-fixture';

/** A GET that leaves the body as sent, with the Accept-Encoding given, if any. */
function get(url: string, acceptEncoding?: string): Promise<RawAnswer> {
  return rawAnswer(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
}

describe('compression: precompressed assets and compressed answers', () => {
  let app: TestApp;
  let siteDir: string;
  let script: Buffer;
  const scriptPath = '/assets/index-test.js';

  beforeAll(async () => {
    siteDir = writeSiteFixture();
    // As the build leaves it: each asset with its brotli and gzip copies.
    const file = path.join(siteDir, scriptPath);
    script = Buffer.from(`${readFileSync(file, 'utf8')}\n${'// padding\n'.repeat(300)}`);
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
  });

  const opened = appsOnOwnDatabase(() => [{ env: { FRONTEND_DIST: siteDir } }]);

  beforeAll(async () => {
    app = opened.app;
  });

  afterAll(async () => {
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that takes it, with its type, encoding and Vary', async () => {
    const answer = await get(`${app.url}${scriptPath}`, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body)).toEqual(script);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzip = await get(`${app.url}${scriptPath}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(script);
    const plain = await get(`${app.url}${scriptPath}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(plain.body).toEqual(script);
  });

  it('compresses a large enough API answer when the client accepts it, and only then', async () => {
    const docs = await get(`${app.url}/api/docs/openapi.json`, 'gzip');
    expect(docs.headers['content-encoding']).toBe('gzip');
    const document = JSON.parse(gunzipSync(docs.body).toString('utf8')) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    const plain = await get(`${app.url}/api/docs/openapi.json`);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
