import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, Headers, Inject, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { Metrics } from './metrics';
import { ApiRefusals } from '../common/api-refusals';
import { DomainError, only } from '../common/domain-error';
import { UnroutedAnswer } from '../common/request-errors';

/** A scrape without the right bearer token (401). */
export class MetricsTokenRefused extends DomainError {
  static override readonly codes = { 'metrics-token-required': 401 };
  constructor() {
    super('metrics-token-required', 'The metrics need the bearer token set in METRICS_TOKEN');
  }
}

export const METRICS_BEARER = 'metrics-token';

/** Compares in constant time, whatever the lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Registered only when METRICS_TOKEN is set (MetricsModule): without it there is no route. */
@ApiTags('operations')
@Controller()
export class MetricsHttpController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  @ApiBearerAuth(METRICS_BEARER)
  @ApiProduces('text/plain')
  @ApiOperation({
    operationId: 'scrapeMetrics',
    summary: 'Figures for Prometheus',
    description:
      'Prometheus text format: request durations by route and status, the database pool, 503s by cause, the outbox backlog and its oldest age, lease recoveries, seats per open slot. Needs `Authorization: Bearer $METRICS_TOKEN`; absent (404) when METRICS_TOKEN is unset.',
  })
  @ApiOkResponse({
    description: 'The figures, in Prometheus text format 0.0.4.',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ description: 'No token, or not the right one.' })
  @ApiNotFoundResponse({
    description: 'METRICS_TOKEN is unset on this server: there are no metrics to scrape.',
  })
  @ApiRefusals(MetricsTokenRefused, only(UnroutedAnswer, 'not-found'))
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    const expected = this.config.metricsToken;
    if (!token || !expected || !sameSecret(token, expected)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new MetricsTokenRefused();
    }
    response.setHeader('Content-Type', this.metrics.contentType);
    return this.metrics.render();
  }
}
