import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AdminClock } from '../../../auth/admin-clock';
import { ownerHasNoFactors } from '../../../auth/admin-errors';
import { isOwner } from '../../../auth/operator';
import { findOperator } from '../../../auth/operator-view';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { requireFreshProof } from '../../account/account-refusals';
import {
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  storeChallenge,
} from '../../credentials/passkeys';
import type { PasskeyCreationOptionsDto } from '../../operator-answers.dto';
import { StartPasskeyRegistrationCommand } from './start-passkey-registration.command';

/**
 * The options of a new passkey (the passkeys already there excluded), after a fresh proof; the
 * challenge is kept for five minutes, good once (AddPasskeyCommand takes it). Nothing is recorded.
 */
@CommandHandler(StartPasskeyRegistrationCommand)
export class StartPasskeyRegistrationHandler implements ICommandHandler<StartPasskeyRegistrationCommand> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
  ) {}

  async execute({ session }: StartPasskeyRegistrationCommand): Promise<PasskeyCreationOptionsDto> {
    const operator = session.operator;
    if (isOwner(operator.id)) throw ownerHasNoFactors();
    requireFreshProof(session);
    const row = await findOperator(this.dataSource, operator.id);
    const options = await registrationOptions(
      relyingPartyOf(this.config.publicUrl),
      { id: operator.id, email: row?.email ?? operator.name, name: operator.name },
      await listPasskeys(this.dataSource, operator.id),
    );
    const now = await this.clock.now(this.dataSource);
    const challengeId = await storeChallenge(
      this.dataSource,
      'registration',
      options.challenge,
      operator.id,
      now,
    );
    return { challengeId, options: options as unknown as Record<string, unknown> };
  }
}
