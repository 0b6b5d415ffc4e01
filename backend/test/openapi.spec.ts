import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { renderOpenApiFile } from '../src/openapi/render-openapi-file';

describe('openapi/openapi.json', () => {
  it('is what the code describes (run `make openapi` after changing the API)', async () => {
    const checkedIn = readFileSync(
      path.join(__dirname, '..', '..', 'openapi', 'openapi.json'),
      'utf8',
    );
    expect(JSON.parse(checkedIn)).toEqual(JSON.parse(await renderOpenApiFile()));
  });

  it('documents the error answers of registration', async () => {
    const document = JSON.parse(await renderOpenApiFile());
    const operation = document.paths['/api/create-checkout-session'].post;
    expect(Object.keys(operation.responses).sort()).toEqual([
      '200',
      '400',
      '409',
      '422',
      '429',
      '502',
      '503',
    ]);
  });

  it('declares 503 with Retry-After on every route but liveness', async () => {
    const document = JSON.parse(await renderOpenApiFile());
    const missing: string[] = [];
    for (const [route, item] of Object.entries<
      Record<
        string,
        { responses: Record<string, { headers?: Record<string, unknown>; content?: object }> }
      >
    >(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (`${method} ${route}` === 'get /api/health') continue;
        const unavailable = operation.responses['503'];
        if (!unavailable?.headers?.['Retry-After'] || !unavailable.content) {
          missing.push(`${method} ${route}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(document.paths['/api/health'].get.responses['503']).toBeUndefined();
  });
});
