import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-error.dto';
import { METRICS_BEARER } from '../metrics/metrics.http.controller';

export const ADMIN_SESSION_COOKIE = 'admin_session';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Dream registration and ticketing API')
    .setDescription(
      'Registration, seat holds, waiting list and payments for a touring participatory performance, and the Command Center operations. Every error answers {statusCode, message, errors[]}.',
    )
    .setVersion('1.0.0')
    .addCookieAuth(
      ADMIN_SESSION_COOKIE,
      { type: 'apiKey', in: 'cookie', name: ADMIN_SESSION_COOKIE },
      'admin-session',
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer' }, METRICS_BEARER)
    .build();
  return declareUnavailable(
    SwaggerModule.createDocument(app, config, { extraModels: [ApiErrorDto] }),
  );
}

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type DeclaredResponse = Extract<Operation['responses'][string], { description: string }>;

/** The one route that never asks the database: liveness. */
const NEVER_UNAVAILABLE = new Set(['get /api/health']);

/**
 * Every route that reaches PostgreSQL answers 503 with Retry-After when it is away (refusing,
 * dropped, or past the app's deadline; see database/database-unavailable.ts), so the document
 * says so once for all of them rather than on each controller.
 */
function declareUnavailable(document: OpenAPIObject): OpenAPIObject {
  const errorSchema = { $ref: getSchemaPath(ApiErrorDto) };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation || NEVER_UNAVAILABLE.has(`${method} ${path}`)) continue;
      const declared = operation.responses['503'] as DeclaredResponse | undefined;
      operation.responses['503'] = {
        description:
          declared?.description ??
          'The database is unavailable or did not answer within the deadline; try again after Retry-After seconds.',
        content: declared?.content ?? { 'application/json': { schema: errorSchema } },
        headers: {
          ...declared?.headers,
          'Retry-After': {
            description: 'Seconds to wait before trying again.',
            schema: { type: 'integer', minimum: 1 },
          },
        },
      };
    }
  }
  return document;
}

/** The document with its keys in a stable order, as written to openapi/openapi.json. */
export function serialiseOpenApiDocument(document: OpenAPIObject): string {
  const sortKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as Record<string, unknown>)
          .sort()
          .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}
