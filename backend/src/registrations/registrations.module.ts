import { Module } from '@nestjs/common';
import { PipelinedPool } from '../database/pipelined-pool';
import { CreateRegistrationHandler } from './commands/create-registration/create-registration.handler';
import { CreateRegistrationHttpController } from './commands/create-registration/create-registration.http.controller';
import { SlotAllocationBatcher } from './commands/create-registration/slot-allocation-batcher';
import { ResumeCheckoutHandler } from './commands/resume-checkout/resume-checkout.handler';
import { ResumeCheckoutHttpController } from './commands/resume-checkout/resume-checkout.http.controller';
import { ShareDreamHandler } from './commands/share-dream/share-dream.handler';
import { ShareDreamHttpController } from './commands/share-dream/share-dream.http.controller';
import { CapacityCache } from './queries/get-capacity/capacity-cache';
import { CapacityChangeListener } from './queries/get-capacity/capacity-change-listener';
import { GetCapacityHttpController } from './queries/get-capacity/get-capacity.http.controller';
import { GetCapacityQueryHandler } from './queries/get-capacity/get-capacity.query-handler';
import { GetRegistrationHttpController } from './queries/get-registration/get-registration.http.controller';
import { GetRegistrationQueryHandler } from './queries/get-registration/get-registration.query-handler';
import { RegistrationStore } from './registration-store';

@Module({
  controllers: [
    CreateRegistrationHttpController,
    ShareDreamHttpController,
    ResumeCheckoutHttpController,
    GetCapacityHttpController,
    GetRegistrationHttpController,
  ],
  providers: [
    PipelinedPool,
    RegistrationStore,
    CreateRegistrationHandler,
    SlotAllocationBatcher,
    ShareDreamHandler,
    ResumeCheckoutHandler,
    GetCapacityQueryHandler,
    CapacityCache,
    CapacityChangeListener,
    GetRegistrationQueryHandler,
  ],
  exports: [RegistrationStore, CapacityCache],
})
export class RegistrationsModule {}
