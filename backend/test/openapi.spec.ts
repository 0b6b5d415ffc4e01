import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { renderOpenApiFile } from '../src/openapi/render-openapi-file';
import { UnroutedAnswer } from '../src/common/request-errors';
import { declaredErrorClasses } from './error-classes';

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
      '413',
      '415',
      '422',
      '429',
      '502',
      '503',
    ]);
  });

  describe('says what an integrator needs of every operation', () => {
    type Operation = {
      operationId?: string;
      summary?: string;
      security?: Record<string, string[]>[];
      requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
      responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
    };
    const document = JSON.parse(
      readFileSync(path.join(__dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8'),
    ) as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, { additionalProperties?: unknown }> };
      servers?: unknown[];
    };
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${route}`,
        route,
        method,
        operation,
      })),
    );

    it('a method name as operationId, unique, and a summary', () => {
      const ids = operations.map(({ operation }) => operation.operationId);
      for (const { name, operation } of operations) {
        expect({ name, id: /^[a-z][A-Za-z]+$/.test(operation.operationId ?? '') }).toEqual({
          name,
          id: true,
        });
        expect({ name, summary: Boolean(operation.summary) }).toEqual({ name, summary: true });
      }
      expect(new Set(ids).size).toBe(ids.length);
    });

    it("the operator's session on every admin operation, SPEC's two outside /api/admin included", () => {
      const admin = operations.filter(
        ({ route, method }) =>
          (route.startsWith('/api/admin/') &&
            ![
              '/api/admin/login',
              '/api/admin/login/operator',
              '/api/admin/login/passkey/options',
              '/api/admin/login/passkey',
              '/api/admin/logout',
              '/api/admin/session',
            ].includes(route)) ||
          (route === '/api/registrations' && method === 'get') ||
          (route === '/api/registrations/{id}' && method === 'delete'),
      );
      for (const { name, operation } of admin) {
        expect({ name, security: operation.security }).toEqual({
          name,
          security: [{ 'admin-session': [] }],
        });
        expect(Object.keys(operation.responses)).toContain('401');
      }
    });

    it('the one error shape as JSON on every error answer, and a 503 on every operation', () => {
      for (const { name, operation } of operations) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          // The shape itself, or a schema that extends it with fields of its own (the door's
          // `reason`, the first check-in): statusCode, message and errors as ApiErrorDto has them.
          // The shape, or the shape with the answer's codes (allOf: the shape, then the enum).
          const schema = response.content?.['application/json']?.schema as {
            $ref?: string;
            allOf?: { $ref?: string }[];
          };
          const ref = schema?.$ref ?? schema?.allOf?.[0]?.$ref;
          const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaShape>;
          const declared = ref ? schemas[ref.split('/').pop()!] : undefined;
          const base = schemas.ApiErrorDto;
          expect({ name, status, types: Object.keys(response.content ?? {}) }).toEqual({
            name,
            status,
            types: ['application/json'],
          });
          expect({ name, status, shape: pick(declared) }).toEqual({
            name,
            status,
            shape: pick(base),
          });
        }
        expect(Object.keys(operation.responses)).toContain('503');
      }
    });

    it('the codes each error answer may carry, as an enum on `code`', () => {
      for (const { name, operation } of operations) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const codes = codesOf(response);
          expect({ name, status, listed: codes.length > 0 }).toEqual({
            name,
            status,
            listed: true,
          });
        }
      }
    });

    it('each code listed is one an error class declares, with its status; each declared code is listed', () => {
      const declared = new Map<string, Set<number>>();
      for (const errors of declaredErrorClasses()) {
        for (const [code, status] of Object.entries(errors.codes)) {
          declared.set(code, (declared.get(code) ?? new Set()).add(status));
        }
      }
      const listed = new Set<string>();
      for (const { name, operation } of operations) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          for (const code of codesOf(response)) {
            listed.add(code);
            expect({
              name,
              code,
              status: declared.has(code) && declared.get(code)!.has(+status),
            }).toEqual({ name, code, status: true });
          }
        }
      }
      // The answers outside every route (an unknown path, a fault of ours, what the HTTP server
      // refuses before a request exists) are the only codes no operation lists.
      const unrouted = new Set(Object.keys(UnroutedAnswer.codes));
      const unlisted = [...declared.keys()].filter(
        (code) => !listed.has(code) && !unrouted.has(code),
      );
      expect(unlisted).toEqual([]);
    });

    it('every JSON request body refuses fields it does not name, and answers 413 and 415', () => {
      const withBody = operations.filter(({ operation }) => operation.requestBody);
      expect(withBody.length).toBeGreaterThan(10);
      for (const { name, operation } of withBody) {
        const ref = operation.requestBody!.content['application/json'].schema.$ref;
        if (ref) {
          const schema = document.components.schemas[ref.split('/').pop()!];
          expect({ name, additionalProperties: schema.additionalProperties }).toEqual({
            name,
            additionalProperties: false,
          });
        }
        expect(Object.keys(operation.responses)).toEqual(
          expect.arrayContaining(['400', '413', '415']),
        );
      }
      expect(document.servers).toHaveLength(1);
    });
  });
});

/** The codes an error answer lists (its schema's allOf: the shape, then the enum). */
function codesOf(response: { content?: Record<string, { schema: unknown }> }): string[] {
  const schema = response.content?.['application/json']?.schema as
    { allOf?: { properties?: { code?: { enum?: string[] } } }[] } | undefined;
  return schema?.allOf?.[1]?.properties?.code?.enum ?? [];
}

interface SchemaShape {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The error shape's own fields, as a schema declares them. */
function pick(schema: SchemaShape | undefined) {
  return {
    statusCode: schema?.properties?.statusCode,
    code: schema?.properties?.code,
    message: schema?.properties?.message,
    errors: schema?.properties?.errors,
    required: ['statusCode', 'code', 'message', 'errors'].filter((field) =>
      schema?.required?.includes(field),
    ),
  };
}
