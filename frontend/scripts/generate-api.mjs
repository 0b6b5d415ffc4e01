// Types the API client from the backend's OpenAPI document, so a contract change breaks the build,
// and writes the bounds of the fields the client checks itself (src/lib/api-bounds.json).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const spec = resolve(here, '../../openapi/openapi.json');
const out = resolve(here, '../src/lib/api-schema.d.ts');
const boundsOut = resolve(here, '../src/lib/api-bounds.json');

/** The request fields whose bounds the client checks before it sends (schema → fields). */
const CHECKED_FIELDS = {
  CreateRegistrationRequestDto: ['dream'],
  EditDreamRequestDto: ['dream'],
  ShareDreamRequestDto: ['dream'],
  InviteOperatorRequestDto: ['name'],
  JoinRequestDto: ['name', 'passphrase'],
  PasskeyRegistrationRequestDto: ['name'],
  PasskeyNameRequestDto: ['name'],
  CancelRegistrationRequestDto: ['reason'],
};

/** The query parameters whose bounds the client holds its inputs to (operationId → names). */
const CHECKED_PARAMETERS = {
  listRegistrationPage: ['q'],
};

/** Each checked field's minLength, maxLength and pattern, as the document declares them. */
function fieldBounds(document) {
  const bounds = {};
  for (const [schema, fields] of Object.entries(CHECKED_FIELDS)) {
    bounds[schema] = {};
    for (const field of fields) {
      const { minLength, maxLength, pattern } =
        document.components.schemas[schema].properties[field];
      bounds[schema][field] = { minLength, maxLength, pattern };
    }
  }
  for (const [operationId, names] of Object.entries(CHECKED_PARAMETERS)) {
    const operation = Object.values(document.paths)
      .flatMap((path) => Object.values(path))
      .find((candidate) => candidate.operationId === operationId);
    bounds[operationId] = {};
    for (const name of names) {
      const { minLength, maxLength, pattern } = operation.parameters.find(
        (parameter) => parameter.in === 'query' && parameter.name === name,
      ).schema;
      bounds[operationId][name] = { minLength, maxLength, pattern };
    }
  }
  return bounds;
}

if (!existsSync(spec)) {
  if (existsSync(out)) {
    console.warn(`generate:api: ${spec} is missing; keeping the existing api-schema.d.ts`);
    process.exit(0);
  }
  console.error(`generate:api: ${spec} is missing; run "make openapi" first`);
  process.exit(1);
}
/**
 * Puts `content` at `file` only when it differs, through a file of this process's own renamed
 * over it: the type check and the site's build may generate at the same time, and neither may
 * read a file the other is halfway through writing.
 */
function replaceIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

replaceIfChanged(
  boundsOut,
  `${JSON.stringify(fieldBounds(JSON.parse(readFileSync(spec, 'utf8'))), null, 2)}\n`,
);
const typesTemporary = join(tmpdir(), `api-schema.${process.pid}.d.ts`);
try {
  execFileSync(
    process.execPath,
    [resolve(here, '../../node_modules/openapi-typescript/bin/cli.js'), spec, '-o', typesTemporary],
    { stdio: 'inherit' },
  );
  replaceIfChanged(out, readFileSync(typesTemporary, 'utf8'));
} finally {
  rmSync(typesTemporary, { force: true });
}
