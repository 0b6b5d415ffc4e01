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
    ]);
  });
});
