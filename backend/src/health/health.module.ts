import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health';
import { InFlightRequests } from './graceful-shutdown';
import { HealthHttpController } from './health.http.controller';
import { ServerLifecycle } from '../common/server-lifecycle';
import { ServerLifecycleModule } from '../common/server-lifecycle.module';

@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), ServerLifecycleModule],
  controllers: [HealthHttpController],
  providers: [
    DatabaseHealthIndicator,
    {
      provide: InFlightRequests,
      useFactory: (lifecycle: ServerLifecycle) => new InFlightRequests(lifecycle),
      inject: [ServerLifecycle],
    },
  ],
  exports: [ServerLifecycleModule, InFlightRequests],
})
export class HealthModule {}
