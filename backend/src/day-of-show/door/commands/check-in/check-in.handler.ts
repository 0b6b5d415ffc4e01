import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { actorNames } from '../../../../auth/operator-view';
import { adminMetadata } from '../../../../auth/admin-actor';
import { registrationOfDoorHandle } from '../../../../registrations/queries/registration-reads';
import { RegistrationNotFoundError } from '../../../../registrations/domain/registration-errors';
import { RegistrationStore } from '../../../../registrations/registration-store';
import { TicketKeys } from '../../../tickets/ticket-keys';
import { slotDay } from '../../../tickets/ticket-code';
import { checkIn, type CheckInRequest } from '../../domain/door-decisions';
import {
  AlreadyCheckedIn,
  DoorRefusal,
  DoorSlotNotFound,
  TicketRejected,
} from '../../domain/door-errors';
import { LiveTour } from '../../../../tour/live-tour';
import { CheckInCommand } from './check-in.command';

/**
 * Records CheckedIn, or refuses in the door's words. A ticket is verified first (400 forged or
 * unreadable), then the registration it names is decided from its stream; two check-ins of one
 * person at once append at the same version, so the second is retried, finds the first and is
 * answered 409 naming it. Answers the registration's id.
 */
@CommandHandler(CheckInCommand)
export class CheckInHandler implements ICommandHandler<CheckInCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly keys: TicketKeys,
    private readonly catalogue: LiveTour,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async execute(command: CheckInCommand): Promise<string> {
    const found = this.catalogue.findSlot(command.event, command.time);
    const startsAt = this.catalogue.startOf(command.event, command.time);
    if (!found || !startsAt) throw new DoorSlotNotFound();
    const now = new Date();
    const request: CheckInRequest = {
      event: command.event,
      time: command.time,
      now,
      deviceTime: command.deviceTime,
      slotDay: slotDay(startsAt, found.event.timeZone),
      device: command.device,
      operatorId: command.actor.operatorId,
      via: 'search',
    };
    let registrationId: string;
    if ('ticket' in command.by) {
      const reading = await this.keys.read(command.by.ticket);
      if (!reading.ok) throw new TicketRejected(reading.defect);
      const { payload } = reading;
      registrationId = payload.r;
      request.via = 'ticket';
      request.keyId = payload.k;
      // As signed: what a door device offline judges by too.
      request.validUntil = new Date(payload.u * 1000);
      if (payload.e !== command.event || payload.s !== command.time) {
        const state = (await this.store.transaction((tx) => this.store.load(tx, payload.r))).state;
        const known = state && state.status !== 'deleted' ? state : null;
        // Named where the booking is now, unless that is here (it moved here, and this is the
        // ticket it had before): then the slot the ticket names, as a phone offline says.
        const movedHere = known && known.event === command.event && known.time === command.time;
        throw new DoorRefusal(
          'wrong-slot',
          known && !movedHere
            ? known
            : { name: known?.name ?? null, event: payload.e, time: payload.s },
        );
      }
    } else {
      const found = await registrationOfDoorHandle(this.dataSource, command.by.handle);
      if (!found) throw new RegistrationNotFoundError();
      registrationId = found;
    }
    await this.withOperatorNamed(async () => {
      await this.store.transaction(async (tx) => {
        const loaded = await this.store.load(tx, registrationId);
        if (!loaded.state) {
          // A ticket we signed whose registration is not in the log: refused as cancelled.
          if (request.via === 'ticket') throw new DoorRefusal('cancelled');
          throw new RegistrationNotFoundError();
        }
        if (loaded.state.status === 'deleted' && request.via === 'search') {
          throw new RegistrationNotFoundError();
        }
        const events = checkIn(loaded.state, request);
        await this.store.append(tx, loaded, events, adminMetadata(command.actor));
      });
    });
    return registrationId;
  }

  /** A 409 names the first check-in's operator by name, as the door list does. */
  private async withOperatorNamed(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      const operatorId = error instanceof AlreadyCheckedIn ? error.first.operatorId : null;
      if (!(error instanceof AlreadyCheckedIn) || operatorId === null) throw error;
      const names = await actorNames(this.dataSource, [operatorId]);
      throw new AlreadyCheckedIn(error.first, names.get(operatorId) ?? null);
    }
  }
}
