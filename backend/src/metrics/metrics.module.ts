import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { LeaseRecoveries } from '../notifications/lease-recoveries';
import { Metrics } from './metrics';
import { MetricsHttpController } from './metrics.http.controller';

/** The figures are always counted; GET /metrics exists only when METRICS_TOKEN is set. */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MetricsModule,
      controllers: config.metricsToken ? [MetricsHttpController] : [],
      providers: [Metrics, { provide: LeaseRecoveries, useExisting: Metrics }],
      exports: [Metrics, LeaseRecoveries],
    };
  }
}
