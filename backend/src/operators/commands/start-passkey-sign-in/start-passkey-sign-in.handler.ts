import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PasskeyCeremonies } from '../../credentials/passkey-ceremonies';
import type { PasskeyRequestOptionsDto } from '../../operator-answers.dto';
import { StartPasskeySignInCommand } from './start-passkey-sign-in.command';

/**
 * A ceremony to sign in with a passkey: any of the site's passkeys (discoverable), started at
 * most PASSKEY_SIGN_INS_PER_ADDRESS times per address and window.
 */
@CommandHandler(StartPasskeySignInCommand)
export class StartPasskeySignInHandler implements ICommandHandler<StartPasskeySignInCommand> {
  constructor(private readonly ceremonies: PasskeyCeremonies) {}

  async execute({ address }: StartPasskeySignInCommand): Promise<PasskeyRequestOptionsDto> {
    return this.ceremonies.startSignIn(address);
  }
}
