import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { renderOpenApiFile } from '../openapi/render-openapi-file';

/** `make openapi`: write openapi/openapi.json from the controllers and DTOs. */
async function main(): Promise<void> {
  const target = path.resolve(
    process.argv[2] ?? path.join(__dirname, '..', '..', '..', 'openapi', 'openapi.json'),
  );
  writeFileSync(target, await renderOpenApiFile());
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), target)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
