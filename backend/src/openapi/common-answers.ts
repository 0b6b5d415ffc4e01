import type {
  HeaderObject,
  MediaTypeObject,
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { RETRY_AFTER } from '../common/retry-after.header';
import { documentedBounds, type ParameterRule } from '../common/parameter-rule';
import { ERROR_CODES_EXTENSION } from '../common/api-refusals';
import type { DeclaredErrors } from '../common/domain-error';
import { IDEMPOTENCY_KEY_HEADER } from '../common/idempotent-answers';
import {
  BodyRefused,
  IdempotencyRefused,
  PathRefused,
  ServiceUnavailable,
  ValidationFailed,
} from '../common/request-errors';

export const API_ERROR_SCHEMA: ReferenceObject = { $ref: '#/components/schemas/ApiErrorDto' };

/** What an error answer means when its operation says no more. */
const ERROR_MEANINGS: Record<string, string> = {
  '400': 'The request breaks a rule; errors[] names each field and its rule.',
  '401': 'No live operator session.',
  '403': 'Sent from another site.',
  '404': 'Nothing of that name or id.',
  '409': 'The request conflicts with the state of what it names.',
  '413': 'A body over the size limit.',
  '415': 'A body that is not JSON, or not in UTF-8.',
  '422': 'The request cannot be processed as sent.',
  '429': 'Too many requests; Retry-After says when to try again.',
  '502': 'The payment provider failed.',
  '503': 'The database cannot be reached right now, or the server is shutting down.',
};

const ETAG: Record<string, HeaderObject> = {
  ETag: {
    description:
      'The version of this answer: send it back in If-None-Match to get a 304 while it holds.',
    schema: { type: 'string' },
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * The answers the application's shared layers give on any route, declared on every operation
 * they apply to, so that a new route is described as truly as the old ones without repeating
 * them in its decorators:
 * - every error answer is the one JSON shape (ApiErrorDto), whatever the success answer's type
 *   (the CSV export's and the live stream's errors are JSON too);
 * - a path parameter that is not valid percent-encoded UTF-8 is a 400;
 * - a request body, on any method that may carry one, is a 400 when it does not parse, a 413 past
 *   the size limit and a 415 in another content type or charset (the body parser's answers);
 * - any operation may answer 503 with Retry-After while the database cannot be reached or the
 *   server is shutting down (api-exception.filter.ts);
 * - a JSON answer to a GET carries Express's ETag, and a request whose If-None-Match holds it
 *   (or `*`) is answered 304 without a body;
 * - a 429 always says when to try again (Retry-After), and an object a request sends may hold
 *   no field its schema does not name (the validation pipe's forbidNonWhitelisted);
 * - every error answer lists the codes it may carry as an enum on `code`: those of the error
 *   classes its route names (ApiRefusals, the x-error-codes it leaves) and the shared layers'
 *   (validation, the body's parser and bounds, the Idempotency-Key, an unreachable database).
 */
export function declareCommonAnswers(document: OpenAPIObject): OpenAPIObject {
  const requestSchemas = new Set<string>();
  for (const pathItem of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method] as OperationObject | undefined;
      if (!operation) continue;
      const parameters = (operation.parameters ?? []) as ParameterObject[];
      const responses = operation.responses as Record<string, ResponseObject>;
      const extensions = operation as unknown as Record<string, unknown>;
      const codes = new Map<string, Set<string>>();
      const answers = (...declared: DeclaredErrors[]) => {
        for (const errors of declared) {
          for (const [code, status] of Object.entries(errors.codes)) {
            codes.set(String(status), (codes.get(String(status)) ?? new Set()).add(code));
          }
        }
      };
      const named = (extensions[ERROR_CODES_EXTENSION] ?? {}) as Record<string, string[]>;
      for (const [status, list] of Object.entries(named)) {
        codes.set(status, new Set([...(codes.get(status) ?? []), ...list]));
      }
      delete extensions[ERROR_CODES_EXTENSION];
      const declare = (status: string, description: string) => {
        responses[status] ??= { description };
      };
      if (parameters.some((parameter) => parameter.in === 'path')) {
        declare('400', 'A path parameter that is not valid percent-encoded UTF-8.');
        answers(PathRefused, ValidationFailed);
      }
      if (parameters.some((parameter) => parameter.in === 'query')) answers(ValidationFailed);
      if (parameters.some((parameter) => parameter.name === IDEMPOTENCY_KEY_HEADER)) {
        answers(IdempotencyRefused);
        // A request with the same key still being answered: Retry-After says when to ask again.
        declare('409', ERROR_MEANINGS['409']);
        responses['409'].headers = { ...RETRY_AFTER, ...responses['409'].headers };
      }
      // The body parser reads a body sent with any of these, declared or not.
      if (method === 'post' || method === 'put' || method === 'patch' || method === 'delete') {
        declare('400', 'A body that is not valid JSON, or breaks the rules of its fields.');
        declare('413', 'A body over the size limit.');
        declare('415', 'A body that is not JSON, or not in UTF-8.');
        answers(BodyRefused, ValidationFailed);
      }
      const body = operation.requestBody as { content?: Record<string, { schema?: unknown }> };
      if (body?.content) {
        for (const media of Object.values(body.content) as MediaTypeObject[]) {
          const ref = (media.schema as ReferenceObject | undefined)?.$ref;
          if (ref) requestSchemas.add(ref.split('/').pop()!);
          if (media.schema && media.example === undefined && media.examples === undefined) {
            media.example = exampleOf(media.schema, document);
          }
        }
      }
      const success = responses['200'];
      if (method === 'get' && success?.content?.['application/json']) {
        success.headers = { ...ETAG, ...success.headers };
        responses['304'] ??= {
          description: 'Unchanged since the ETag sent in If-None-Match.',
          headers: ETAG,
        };
        if (!parameters.some((parameter) => parameter.name === 'If-None-Match')) {
          operation.parameters = [
            ...parameters,
            {
              name: 'If-None-Match',
              in: 'header',
              required: false,
              description: 'The ETag of an answer held: 304 while it is still the answer.',
              schema: { type: 'string' },
            },
          ];
        }
      }
      // An operation that needs no session says so, rather than leaving it to a default.
      operation.security ??= [];
      declare('503', 'The database cannot be reached right now, or the server is shutting down.');
      answers(ServiceUnavailable);
      for (const status of codes.keys()) declare(status, ERROR_MEANINGS[status] ?? 'Refused.');
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        // An answer that adds fields to the error shape (a schema extending ApiErrorDto, named
        // …ErrorDto) keeps its own schema; every other error answer is the plain shape. Either
        // lists the codes the answer may carry.
        const declared = response.content?.['application/json']?.schema as
          ReferenceObject | SchemaObject | undefined;
        const shape =
          (declared as ReferenceObject | undefined)?.$ref?.endsWith('ErrorDto') === true
            ? (declared as ReferenceObject)
            : (((declared as SchemaObject | undefined)?.allOf?.[0] as ReferenceObject) ??
              API_ERROR_SCHEMA);
        const listed = [...(codes.get(status) ?? [])].sort();
        response.content = {
          'application/json': {
            schema:
              listed.length === 0
                ? shape
                : {
                    allOf: [
                      shape,
                      {
                        type: 'object',
                        properties: { code: { type: 'string', enum: listed } },
                      },
                    ],
                  },
          },
        };
        if (!response.description) response.description = ERROR_MEANINGS[status] ?? 'Refused.';
        if (status === '429' || status === '503') {
          response.headers = { ...RETRY_AFTER, ...response.headers };
        }
      }
    }
  }
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject>;
  const closeObject = (name: string) => {
    const schema = schemas[name];
    if (!schema || schema.additionalProperties !== undefined) return;
    schema.additionalProperties = false;
    for (const property of Object.values(schema.properties ?? {})) {
      const ref = (property as ReferenceObject).$ref ?? (property as SchemaObject).items;
      const nested = typeof ref === 'string' ? ref : (ref as ReferenceObject | undefined)?.$ref;
      if (nested) closeObject(nested.split('/').pop()!);
    }
  };
  for (const name of requestSchemas) closeObject(name);
  giveIntegersTheirFormat(document);
  return document;
}

/**
 * Each parameter named in `rules` (by where it is sent, then by name) declares its rule: the
 * bounds the validation pipe, or the code that reads a header, enforces with a 400, and what the
 * value is when the operation does not say. A route's own rule (`routeRules`, by the document's
 * path) comes before the name's.
 */
export function declareParameterRules(
  document: OpenAPIObject,
  rules: Partial<Record<'path' | 'query' | 'header', Readonly<Record<string, ParameterRule>>>>,
  routeRules: Readonly<Record<string, Readonly<Record<string, ParameterRule>>>> = {},
): OpenAPIObject {
  for (const [route, pathItem] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method] as OperationObject | undefined;
      for (const parameter of (operation?.parameters ?? []) as ParameterObject[]) {
        const rule =
          (parameter.in === 'path' ? routeRules[route]?.[parameter.name] : undefined) ??
          rules[parameter.in as 'path' | 'query' | 'header']?.[parameter.name];
        if (!rule) continue;
        parameter.description ??= `${rule.shape[0].toUpperCase()}${rule.shape.slice(1)}.`;
        parameter.schema = {
          ...(parameter.schema as SchemaObject),
          type: 'string',
          minLength: 1,
          ...documentedBounds(rule),
        };
      }
    }
  }
  return document;
}

/**
 * Every whole number of the API fits a 64-bit integer (log positions are PostgreSQL bigints), and
 * the document says so, for generators that pick a type by format.
 */
function giveIntegersTheirFormat(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(giveIntegersTheirFormat);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const schema = value as SchemaObject;
  if (schema.type === 'integer' && schema.format === undefined) schema.format = 'int64';
  Object.values(value).forEach(giveIntegersTheirFormat);
}

/**
 * A request body's example, composed from its fields' examples (enums' first value, defaults, a
 * list of one example item).
 */
function exampleOf(schema: SchemaObject | ReferenceObject, document: OpenAPIObject): unknown {
  const ref = (schema as ReferenceObject).$ref;
  const resolved: SchemaObject = ref
    ? ((document.components?.schemas ?? {})[ref.split('/').pop()!] as SchemaObject)
    : (schema as SchemaObject);
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.properties) {
    return Object.fromEntries(
      Object.entries(resolved.properties)
        .map(([name, property]) => [name, exampleOf(property, document)] as const)
        .filter(([, value]) => value !== undefined),
    );
  }
  if (resolved.type === 'array' && resolved.items) {
    const item = exampleOf(resolved.items, document);
    return item === undefined ? undefined : [item];
  }
  if (resolved.enum) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.type === 'boolean') return true;
  return undefined;
}
