import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ownerHasNoFactors } from '../../../auth/admin-errors';
import { isOwner } from '../../../auth/operator';
import { requireFreshProof } from '../../account/account-refusals';
import { PasskeyCeremonies } from '../../credentials/passkey-ceremonies';
import type { PasskeyCreationOptionsDto } from '../../operator-answers.dto';
import { StartPasskeyRegistrationCommand } from './start-passkey-registration.command';

/**
 * The options of a new passkey (the passkeys already there excluded), after a fresh proof; the
 * challenge is kept for five minutes, good once (AddPasskeyCommand takes it). Nothing is recorded.
 */
@CommandHandler(StartPasskeyRegistrationCommand)
export class StartPasskeyRegistrationHandler implements ICommandHandler<StartPasskeyRegistrationCommand> {
  constructor(private readonly ceremonies: PasskeyCeremonies) {}

  async execute({ session }: StartPasskeyRegistrationCommand): Promise<PasskeyCreationOptionsDto> {
    if (isOwner(session.operator.id)) throw ownerHasNoFactors();
    requireFreshProof(session);
    return this.ceremonies.startRegistration(session.operator);
  }
}
