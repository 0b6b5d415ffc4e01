import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The answers of the API held to openapi/openapi.json: the status must be one the operation
 * declares, a body must come in a content type declared for that status, and a JSON body must
 * match its schema. Requests to paths the document does not describe (the site's pages, the
 * sandbox's card page, unknown routes) are not checked.
 */
interface MediaType {
  schema?: object;
}

interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}

interface OperationObject {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

export const OPENAPI_FILE = path.join(__dirname, '..', '..', 'openapi', 'openapi.json');

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  /** Fewer parameters first: `/api/registrations/cancel` before `/api/registrations/{id}`. */
  parameters: number;
  operation: OperationObject;
}

interface Contract {
  routes: Route[];
  ajv: Ajv;
  validators: Map<string, ValidateFunction>;
}

let contract: Contract | undefined;

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function loadContract(): Contract {
  const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
  // OpenAPI 3.0's schema dialect: `nullable`, and `example` beside the validation keywords.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, 'openapi');
  const routes = Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
      parameters: (template.match(/\{/g) ?? []).length,
      operation,
    })),
  );
  routes.sort((a, b) => a.parameters - b.parameters);
  return { routes, ajv, validators: new Map() };
}

function theContract(): Contract {
  contract ??= loadContract();
  return contract;
}

/** The operation of the document that serves this method and path, if any. */
export function findOperation(
  method: string,
  pathname: string,
): { template: string; operation: OperationObject } | undefined {
  const route = theContract().routes.find(
    (candidate) => candidate.method === method.toUpperCase() && candidate.pattern.test(pathname),
  );
  return route && { template: route.template, operation: route.operation };
}

export interface Answer {
  method: string;
  /** The request's path, without its query. */
  path: string;
  status: number;
  contentType: string | null;
  /** The body as text, or undefined when it was not read (a stream). */
  text: string | undefined;
}

/** What is wrong with the answer by the document, or undefined when it is as declared. */
export function contractViolation(answer: Answer): string | undefined {
  const found = findOperation(answer.method, answer.path);
  if (!found) return undefined;
  const { template, operation } = found;
  const name = `${answer.method} ${template} (${operation.operationId ?? 'no operationId'})`;
  const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find(
    (key) => key in operation.responses,
  );
  if (!statusKey) {
    return `${name} answered ${answer.status}, which the document does not declare (it declares ${Object.keys(operation.responses).join(', ')}); body: ${(answer.text ?? '').slice(0, 300)}`;
  }
  const declared = operation.responses[statusKey].content ?? {};
  const hasBody = answer.text === undefined || answer.text.length > 0;
  if (!hasBody || answer.status === 204 || answer.status === 304) return undefined;
  const mediaType = (answer.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!(mediaType in declared)) {
    return `${name} answered ${answer.status} as ${answer.contentType ?? 'no content type'}, which the document does not declare for it (it declares ${Object.keys(declared).join(', ') || 'no body'})`;
  }
  if (mediaType !== 'application/json' || answer.text === undefined) return undefined;
  if (!declared[mediaType].schema) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${name} answered ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`;
  }
  const pointer = [
    'paths',
    template,
    answer.method.toLowerCase(),
    'responses',
    statusKey,
    'content',
    mediaType,
    'schema',
  ]
    .map(escapePointer)
    .join('/');
  const { ajv, validators } = theContract();
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#/${pointer}` });
    validators.set(pointer, validate);
  }
  if (validate(body)) return undefined;
  return `${name} answered ${answer.status} with a body that breaks its schema: ${ajv.errorsText(validate.errors)}; body: ${answer.text.slice(0, 500)}`;
}

const STREAMED = ['text/event-stream', 'text/csv'];

/**
 * `fetch` that fails the request's promise when the answer breaks the document. The body of a
 * stream (events, CSV) is not read, so a test that reads it slowly or leaves early still can.
 */
export function contractCheckedFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? (input instanceof URL ? input.href : String(input)));
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return response;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    if (!findOperation(method, url.pathname)) return response;
    const contentType = response.headers.get('content-type');
    const streamed = STREAMED.some((type) => contentType?.startsWith(type));
    const text = streamed || method === 'HEAD' ? undefined : await response.clone().text();
    const violation = contractViolation({
      method,
      path: url.pathname,
      status: response.status,
      contentType,
      text,
    });
    if (violation) throw new Error(`The answer breaks openapi/openapi.json: ${violation}`);
    return response;
  };
}
