import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health';
import {
  LivenessResponseDto,
  ReadinessCheckDto,
  ReadinessResponseDto,
} from './health.response.dto';
import { ServerLifecycle } from '../common/server-lifecycle';
import { ApiRefusals } from '../common/api-refusals';
import { DomainError } from '../common/domain-error';
import type { FieldError } from '../common/validation';

type CheckDetails = Record<string, { status: string; message?: unknown }>;

function summarise(details: CheckDetails): Record<string, ReadinessCheckDto> {
  return Object.fromEntries(
    Object.entries(details).map(([name, check]) => [
      name,
      check.status === 'up'
        ? { status: 'up' as const }
        : { status: 'down' as const, message: String(check.message ?? 'down') },
    ]),
  );
}

/** Not ready (503): errors[] names each failing check, `down` (or `shutting-down`). */
export class NotReady extends DomainError {
  static override readonly codes = { 'not-ready': 503 };
  constructor(
    message: string,
    override readonly errors: FieldError[],
  ) {
    super('not-ready', message);
  }
}

@ApiTags('health')
@ApiExtraModels(ReadinessCheckDto)
@Controller('api/health')
export class HealthHttpController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
    private readonly lifecycle: ServerLifecycle,
  ) {}

  @Get()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({
    operationId: 'checkLiveness',
    summary: 'Liveness',
    description:
      'The process answers. It does not look at the database: restart only a hung process.',
  })
  @ApiOkResponse({ type: LivenessResponseDto })
  live(): LivenessResponseDto {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  }

  @Get('ready')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({
    operationId: 'checkReadiness',
    summary: 'Readiness',
    description:
      'PostgreSQL answers and every migration is applied, and the process is not shutting down. Send traffic only while this answers 200.',
  })
  @ApiOkResponse({ type: ReadinessResponseDto })
  @ApiServiceUnavailableResponse({
    description: 'Not ready: errors[] names each failing check (database, migrations, shutdown).',
  })
  @ApiRefusals(NotReady)
  async ready(): Promise<ReadinessResponseDto> {
    if (this.lifecycle.draining) {
      throw new NotReady('Not ready: shutting down', [
        {
          field: 'shutdown',
          code: 'shutting-down',
          message: 'this process is finishing its last requests',
        },
      ]);
    }
    try {
      const result = await this.health.check([
        () => this.database.reachable(),
        () => this.database.migrationsApplied(),
      ]);
      return { status: 'ok', checks: summarise(result.details as CheckDetails) };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const details = summarise(
        ((error.getResponse() as { details?: CheckDetails }).details ?? {}) as CheckDetails,
      );
      const failing = Object.entries(details).filter(([, check]) => check.status === 'down');
      throw new NotReady(
        `Not ready: ${failing.map(([name]) => name).join(', ') || 'unknown'}`,
        failing.map(([field, check]) => ({
          field,
          code: 'down',
          message: check.message ?? 'down',
        })),
      );
    }
  }
}
