import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { declareCommonAnswers } from './common-answers';

export const ADMIN_SESSION_COOKIE = 'admin_session';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Dream registration and ticketing API')
    .setDescription(
      'Registration, seat holds, waiting list and payments for a touring participatory performance, and the Command Center operations. Every error answers {statusCode, message, errors[]}.',
    )
    .setVersion('1.0.0')
    .addServer('/', 'The site that serves this document: the API is under /api on its origin.')
    .addCookieAuth(
      ADMIN_SESSION_COOKIE,
      { type: 'apiKey', in: 'cookie', name: ADMIN_SESSION_COOKIE },
      'admin-session',
    )
    .build();
  return declareCommonAnswers(SwaggerModule.createDocument(app, config));
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
