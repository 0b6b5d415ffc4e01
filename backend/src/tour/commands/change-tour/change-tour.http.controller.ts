import { Body, Controller, Inject, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import type { TourCommand } from '../../domain/tour';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { ChangeTourCommand } from './change-tour.command';
import {
  AddSlotRequestDto,
  AnnounceEventRequestDto,
  EditEventRequestDto,
  EditSlotRequestDto,
} from './change-tour.request.dto';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { TourError } from '../../domain/tour-errors';

/**
 * The operator's changes to the tour. Every route sends one ChangeTourCommand (a command of the
 * tour's domain) through the command bus, then answers the event as it now stands, read through
 * the tour's query. One controller: the commands share their handler, which only differs by the
 * command it passes to decide().
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class ChangeTourHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: TourAdminQueryHandler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async record(
    command: TourCommand,
    actor: AdminActor,
    seatsOf?: string,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(new ChangeTourCommand(command, actor, seatsOf));
    return this.query.event(command.slug);
  }

  @Post()
  @OperatorCommand('tour', {
    operationId: 'announceEvent',
    summary: 'Announce an event of the tour',
    description: 'Records EventAnnounced.',
    status: 201,
    ok: TourEventAdminDto,
    refusals: [only(TourError, 'tour-field-invalid', 'event-slug-taken', 'concurrent-change')],
  })
  announce(
    @Body() body: AnnounceEventRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'AnnounceEvent', ...body }, actor);
  }

  @Patch(':slug')
  @OperatorCommand('tour', {
    operationId: 'editEvent',
    summary: "Edit an event's details, status or automatic offers",
    description:
      'Records EventDetailsEdited for the details that change, AutomaticOffersSwitched when automaticOffers does; nothing for values already so.',
    ok: TourEventAdminDto,
    refusals: [only(TourError, 'tour-field-invalid', 'event-not-found', 'concurrent-change')],
  })
  edit(
    @Param('slug') slug: string,
    @Body() body: EditEventRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'EditEvent', slug, changes: body }, actor);
  }

  @Post(':slug/complete')
  @OperatorCommand('tour', {
    operationId: 'completeEvent',
    summary: 'Complete an event',
    description: 'Records EventCompleted: the event becomes past, and its slots close.',
    ok: TourEventAdminDto,
    refusals: [only(TourError, 'tour-field-invalid', 'event-not-found', 'concurrent-change')],
  })
  complete(
    @Param('slug') slug: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'CompleteEvent', slug }, actor);
  }

  @Post(':slug/slots')
  @OperatorCommand('tour', {
    operationId: 'addSlot',
    summary: 'Add a slot to an event',
    description:
      'Records SlotAdded. Refused (409) when the event has a slot of that name (names compared composed, spaces collapsed) or one starting at the same instant, or is completed.',
    status: 201,
    ok: TourEventAdminDto,
    refusals: [
      only(
        TourError,
        'tour-field-invalid',
        'event-not-found',
        'slot-name-taken',
        'slot-instant-taken',
        'event-completed',
        'concurrent-change',
      ),
    ],
  })
  addSlot(
    @Param('slug') slug: string,
    @Body() body: AddSlotRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'AddSlot', slug, ...body }, actor);
  }

  @Patch(':slug/slots/:time')
  @OperatorCommand('tour', {
    operationId: 'editSlot',
    summary: "Change a slot's capacity or move it",
    description:
      "Records SlotCapacityChanged and SlotMoved. `time` is the URL-encoded slot name; a moved slot keeps its name, which registrations reference. A new start must be ahead, and written with the event's zone's offset at that instant (or in UTC). A capacity below the seats taken, or another slot of the event at the new instant, is refused (409).",
    ok: TourEventAdminDto,
    refusals: [
      only(
        TourError,
        'tour-field-invalid',
        'event-not-found',
        'slot-not-found',
        'capacity-below-seats-taken',
        'slot-instant-taken',
        'concurrent-change',
      ),
    ],
  })
  editSlot(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @Body() body: EditSlotRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record(
      { type: 'EditSlot', slug, time, ...body, seatsTaken: 0, now: new Date() },
      actor,
      body.capacity !== undefined ? time : undefined,
    );
  }

  @Post(':slug/slots/:time/close')
  @OperatorCommand('tour', {
    operationId: 'closeSlot',
    summary: 'Close a slot to registration',
    description: 'Records SlotClosed, unless it is closed already.',
    ok: TourEventAdminDto,
    refusals: [
      only(
        TourError,
        'tour-field-invalid',
        'event-not-found',
        'slot-not-found',
        'concurrent-change',
      ),
    ],
  })
  close(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'CloseSlot', slug, time }, actor);
  }

  @Post(':slug/slots/:time/reopen')
  @OperatorCommand('tour', {
    operationId: 'reopenSlot',
    summary: 'Reopen a closed slot',
    description:
      'Records SlotReopened, unless it is open already. A slot whose registration has closed by the clock (it has started, or starts within REGISTRATION_CLOSES_MINUTES_BEFORE) is not reopened: 409, as in a completed event.',
    ok: TourEventAdminDto,
    refusals: [
      only(
        TourError,
        'tour-field-invalid',
        'event-not-found',
        'slot-not-found',
        'event-completed',
        'slot-started',
        'concurrent-change',
      ),
    ],
  })
  reopen(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record(
      {
        type: 'ReopenSlot',
        slug,
        time,
        now: new Date(),
        closesMinutesBefore: this.config.registrationClosesMinutesBefore,
      },
      actor,
    );
  }
}
