import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health';
import { InFlightRequests } from './graceful-shutdown';
import { HealthHttpController } from './health.http.controller';
import { ServerLifecycle } from './server-lifecycle';

@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
  controllers: [HealthHttpController],
  providers: [
    DatabaseHealthIndicator,
    ServerLifecycle,
    {
      provide: InFlightRequests,
      useFactory: (lifecycle: ServerLifecycle) => new InFlightRequests(lifecycle),
      inject: [ServerLifecycle],
    },
  ],
  exports: [ServerLifecycle, InFlightRequests],
})
export class HealthModule {}
