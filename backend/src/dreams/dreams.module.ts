import { Module } from '@nestjs/common';
import { RegistrationsModule } from '../registrations/registrations.module';
import { ShareDreamHandler } from './commands/share-dream/share-dream.handler';
import { ShareDreamHttpController } from './commands/share-dream/share-dream.http.controller';

/**
 * The visitor's dreams after registering: sharing a further dream on a registration that keeps
 * its seat or waiting place. (The operator's edits of a dream are operator-actions'; the
 * performers' sheet made from them is day-of-show's.)
 */
@Module({
  imports: [RegistrationsModule],
  controllers: [ShareDreamHttpController],
  providers: [ShareDreamHandler],
})
export class DreamsModule {}
