import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DREAM_MAX_LENGTH, DREAM_MIN_LENGTH } from './dream-bounds';
import { SHARED_DREAM_MAX_LENGTH, SHARED_DREAM_MIN_LENGTH } from './shared-dream-bounds';

interface Bounded {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

const document = JSON.parse(
  readFileSync(join(__dirname, '../../../openapi/openapi.json'), 'utf8'),
) as {
  components: { schemas: Record<string, { properties: Record<string, Bounded> }> };
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; parameters?: { in: string; name: string; schema: Bounded }[] }
    >
  >;
};
const schemas = document.components.schemas;

/** A request schema's field, or an operation's query parameter (api-bounds.json holds both). */
function declared(owner: string, name: string): Bounded {
  if (schemas[owner]) return schemas[owner].properties[name]!;
  const operation = Object.values(document.paths)
    .flatMap((path) => Object.values(path))
    .find((candidate) => candidate.operationId === owner)!;
  return operation.parameters!.find(
    (parameter) => parameter.in === 'query' && parameter.name === name,
  )!.schema;
}

function bounds(schema: string, field: string): { min?: number; max?: number } {
  const property = schemas[schema]!.properties[field]!;
  return { min: property.minLength, max: property.maxLength };
}

describe("the dream's bounds in the client", () => {
  it('are read from the document as it is now (api-bounds.json is not stale)', () => {
    const written = JSON.parse(readFileSync(join(__dirname, 'api-bounds.json'), 'utf8')) as Record<
      string,
      Record<string, object>
    >;
    for (const [schema, fields] of Object.entries(written)) {
      for (const [field, bound] of Object.entries(fields)) {
        const { minLength, maxLength, pattern } = declared(schema, field);
        expect({ schema, field, ...bound }).toEqual(
          JSON.parse(JSON.stringify({ schema, field, minLength, maxLength, pattern })),
        );
      }
    }
  });

  it("are the server's, as the OpenAPI document declares them", () => {
    const dream = { min: DREAM_MIN_LENGTH, max: DREAM_MAX_LENGTH };
    expect(bounds('CreateRegistrationRequestDto', 'dream')).toEqual(dream);
    expect(bounds('EditDreamRequestDto', 'dream')).toEqual(dream);
    expect(bounds('ShareDreamRequestDto', 'dream')).toEqual({
      min: SHARED_DREAM_MIN_LENGTH,
      max: SHARED_DREAM_MAX_LENGTH,
    });
  });
});
