import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ownerHasNoFactors } from '../../../auth/admin-errors';
import { isOwner } from '../../../auth/operator';
import { findOperator } from '../../../auth/operator-view';
import { requireFreshProof } from '../../account/account-refusals';
import { newTotpSecret, storePendingTotp, totpUri } from '../../credentials/second-factors';
import type { TotpSetupDto } from '../../operator-answers.dto';
import { StartTotpCommand } from './start-totp.command';

/**
 * A new TOTP secret, pending until a code of it is confirmed (ConfirmTotpCommand); after a fresh
 * proof. Nothing is recorded until then.
 */
@CommandHandler(StartTotpCommand)
export class StartTotpHandler implements ICommandHandler<StartTotpCommand> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ session }: StartTotpCommand): Promise<TotpSetupDto> {
    const operator = session.operator;
    if (isOwner(operator.id)) throw ownerHasNoFactors();
    requireFreshProof(session);
    const row = await findOperator(this.dataSource, operator.id);
    const secret = newTotpSecret();
    await storePendingTotp(this.dataSource, operator.id, secret);
    return { secret, otpauthUri: totpUri(secret, row?.email ?? operator.name) };
  }
}
