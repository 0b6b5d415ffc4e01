import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { giveBackSeat } from '../../../registrations/domain/registration';
import { InvalidTransitionError } from '../../../registrations/domain/registration-errors';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { RegistrationStore } from '../../../registrations/registration-store';
import { HoldSweeper } from '../../hold-sweeper';
import { LiveTour } from '../../../tour/live-tour';
import { GiveBackSeatCommand, type GiveBackSeatResult } from './give-back-seat.command';

/**
 * The visitor cancelled on the payment page and gives the seat back at once, instead of
 * leaving it held until the hold lapses: the payment page is closed with the provider and the
 * hold released (CheckoutExpired, reason given-back).
 */
@CommandHandler(GiveBackSeatCommand)
export class GiveBackSeatHandler implements ICommandHandler<GiveBackSeatCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly holds: HoldSweeper,
    private readonly catalogue: LiveTour,
  ) {}

  async execute(command: GiveBackSeatCommand): Promise<GiveBackSeatResult> {
    assertRegistrationId(command.registrationId);
    const loaded = await this.store.transaction((tx) =>
      this.store.load(tx, command.registrationId),
    );
    const decision = giveBackSeat(
      loaded.state,
      loaded.state && this.catalogue.startOf(loaded.state.event, loaded.state.time),
      new Date(),
    );
    if (decision.outcome === 'nothing-held') return { seat: 'not-held' };
    const outcome = await this.holds.release(command.registrationId, decision.sessionId, {
      reason: 'given-back',
      actor: 'visitor',
      causationId: command.correlationId,
    });
    // The payment landed while the page was being closed: the seat is paid, not given back.
    if (outcome === 'confirmed')
      throw new InvalidTransitionError('already-paid', 'This registration is already paid.');
    return { seat: outcome === 'released' ? 'given-back' : 'not-held' };
  }
}
