// Types the API client from the backend's OpenAPI document, so a contract change breaks the build.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const spec = resolve(here, '../../openapi/openapi.json');
const out = resolve(here, '../src/lib/api-schema.d.ts');

if (!existsSync(spec)) {
  if (existsSync(out)) {
    console.warn(`generate:api: ${spec} is missing; keeping the existing api-schema.d.ts`);
    process.exit(0);
  }
  console.error(`generate:api: ${spec} is missing; run "make openapi" first`);
  process.exit(1);
}
execFileSync(
  process.execPath,
  [resolve(here, '../../node_modules/openapi-typescript/bin/cli.js'), spec, '-o', out],
  { stdio: 'inherit' },
);
