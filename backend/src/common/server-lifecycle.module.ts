import { Module } from '@nestjs/common';
import { ServerLifecycle } from './server-lifecycle';

/** The process's one ServerLifecycle, for the health checks and for answers that must end on draining. */
@Module({
  providers: [ServerLifecycle],
  exports: [ServerLifecycle],
})
export class ServerLifecycleModule {}
