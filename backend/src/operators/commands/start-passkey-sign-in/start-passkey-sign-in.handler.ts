import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AdminClock } from '../../../auth/admin-clock';
import { tooManyPasskeySignIns } from '../../../auth/admin-errors';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { countRequests, type RateLimit } from '../../../security/request-counts';
import { authenticationOptions, relyingPartyOf, storeChallenge } from '../../credentials/passkeys';
import type { PasskeyRequestOptionsDto } from '../../operator-answers.dto';
import { StartPasskeySignInCommand } from './start-passkey-sign-in.command';

/**
 * Passkey sign-ins one address may start in a window: a person needs one or two, an office
 * behind one address a few more; each start keeps a challenge on the server for five minutes.
 */
export const PASSKEY_SIGN_INS_PER_ADDRESS: RateLimit = { limit: 30, windowSeconds: 300 };

/**
 * A ceremony to sign in with a passkey: any of the site's passkeys (discoverable). Each keeps a
 * challenge on the server, and anyone may ask: PASSKEY_SIGN_INS_PER_ADDRESS per address and
 * window (counted fleet-wide), past which it is refused (429, with when to ask again).
 */
@CommandHandler(StartPasskeySignInCommand)
export class StartPasskeySignInHandler implements ICommandHandler<StartPasskeySignInCommand> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
  ) {}

  async execute({ address }: StartPasskeySignInCommand): Promise<PasskeyRequestOptionsDto> {
    const [counted] = await countRequests(this.dataSource, [
      { bucket: 'passkey-sign-in', client: address, rule: PASSKEY_SIGN_INS_PER_ADDRESS },
    ]);
    if (!counted.allowed) throw tooManyPasskeySignIns(counted.retryAfterSeconds);
    const options = await authenticationOptions(relyingPartyOf(this.config.publicUrl));
    const now = await this.clock.now(this.dataSource);
    const challengeId = await storeChallenge(
      this.dataSource,
      'authentication',
      options.challenge,
      null,
      now,
    );
    return { challengeId, options: options as unknown as Record<string, unknown> };
  }
}
