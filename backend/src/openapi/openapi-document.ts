import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type ServerObject,
} from '@nestjs/swagger';
import { METRICS_BEARER } from '../metrics/metrics.http.controller';
import { ADMIN_SESSION_COOKIE } from '../auth/admin-cookies';
import { HEADER_PARAMETERS, NAMED_PARAMETERS, ROUTE_PARAMETERS } from '../request-parameters';
import { declareCommonAnswers, declareParameterRules } from './common-answers';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Dream registration and ticketing API')
    .setDescription(
      'Registration, seat holds, waiting list and payments for a touring participatory performance, and the Command Center operations. Every error answers {statusCode, message, errors[]}.',
    )
    .setVersion('1.0.0')
    .addTag('registrations', "A visitor's registration, seat, waiting list, dreams and links")
    .addTag('payments', "The payment provider's webhook")
    .addTag('tickets', 'The keys that verify ticket codes at the door')
    .addTag('catalogue', 'The tour and the public facts of the site')
    .addTag('admin', "The Command Center: every operation needs the operator's session")
    .addTag('health', 'Liveness and readiness, for the orchestrator')
    .addTag('operations', 'Figures for monitoring (Prometheus), behind their own token')
    .addCookieAuth(
      ADMIN_SESSION_COOKIE,
      { type: 'apiKey', in: 'cookie', name: ADMIN_SESSION_COOKIE },
      'admin-session',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque',
        description: 'The token set in METRICS_TOKEN: an opaque shared secret, not a JWT.',
      },
      METRICS_BEARER,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  // One server: the origin that serves the document, in whichever environment (local,
  // staging, production); the API is meant for the site's own pages and for integrators.
  document.servers = [
    {
      url: '/',
      description:
        'The origin that serves this document, in any environment (local, staging or production): the API is under /api.',
      'x-internal': false,
    } as ServerObject,
  ];
  return declareParameterRules(
    declareCommonAnswers(document),
    { path: NAMED_PARAMETERS, query: NAMED_PARAMETERS, header: HEADER_PARAMETERS },
    ROUTE_PARAMETERS,
  );
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
