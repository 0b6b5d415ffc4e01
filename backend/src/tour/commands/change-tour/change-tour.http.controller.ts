import { Body, Controller, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../auth/admin-only.decorator';
import { adminMetadata, type AdminActor } from '../../../auth/admin-actor';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { decide, type TourCommand } from '../../domain/tour';
import { eventNotFound, slotNotFound, TourError } from '../../domain/tour-errors';
import { checkSlotName, checkSlug } from '../../domain/tour-rules';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { TourStore } from '../../tour-store';
import {
  AddSlotRequestDto,
  AnnounceEventRequestDto,
  EditEventRequestDto,
  EditSlotRequestDto,
} from './change-tour.request.dto';

/**
 * The operator's changes to the tour. Every route is one command of the tour's domain
 * (decide()), recorded by the one write path (TourStore) with the operator as its actor, and
 * answered with the event as it now stands. One controller: the commands share their handler,
 * which only differs by the command it passes to decide().
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class ChangeTourHttpController {
  constructor(
    private readonly store: TourStore,
    private readonly query: TourAdminQueryHandler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async record(
    command: TourCommand,
    actor: AdminActor,
    seatsOf?: string,
  ): Promise<TourEventAdminDto> {
    // What no event or slot can be named is not looked for: an unknown event or slot, or, to
    // announce, a bad slug.
    const badSlug = checkSlug(command.slug);
    if (badSlug && command.type === 'AnnounceEvent') {
      throw new TourError('invalid', `${badSlug[0].toUpperCase()}${badSlug.slice(1)}.`, 'slug');
    }
    if (badSlug) throw eventNotFound(command.slug);
    if ('time' in command && command.type !== 'AddSlot' && checkSlotName(command.time)) {
      throw slotNotFound(command.slug, command.time);
    }
    await this.store.change(command.slug, adminMetadata(actor), async ({ state, seatsTaken }) =>
      decide(
        state,
        command.type === 'EditSlot' && seatsOf !== undefined
          ? { ...command, seatsTaken: await seatsTaken(seatsOf) }
          : command,
      ),
    );
    return this.query.event(command.slug);
  }

  @Post()
  @AdminOnly({ mutation: true })
  @ApiOperation({
    operationId: 'announceEvent',
    summary: 'Announce an event of the tour',
    description: 'Records EventAnnounced.',
  })
  @ApiCreatedResponse({ type: TourEventAdminDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The tour has an event of that slug.' })
  announce(
    @Body() body: AnnounceEventRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'AnnounceEvent', ...body }, actor);
  }

  @Patch(':slug')
  @AdminOnly({ mutation: true })
  @ApiOperation({
    operationId: 'editEvent',
    summary: "Edit an event's details, status or automatic offers",
    description:
      'Records EventDetailsEdited for the details that change, AutomaticOffersSwitched when automaticOffers does; nothing for values already so.',
  })
  @ApiOkResponse({ type: TourEventAdminDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  edit(
    @Param('slug') slug: string,
    @Body() body: EditEventRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'EditEvent', slug, changes: body }, actor);
  }

  @Post(':slug/complete')
  @HttpCode(200)
  @AdminOnly({ mutation: true })
  @ApiOperation({
    operationId: 'completeEvent',
    summary: 'Complete an event',
    description: 'Records EventCompleted: the event becomes past, and its slots close.',
  })
  @ApiOkResponse({ type: TourEventAdminDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  complete(
    @Param('slug') slug: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'CompleteEvent', slug }, actor);
  }

  @Post(':slug/slots')
  @AdminOnly({ mutation: true })
  @ApiOperation({
    operationId: 'addSlot',
    summary: 'Add a slot to an event',
    description: 'Records SlotAdded.',
  })
  @ApiCreatedResponse({ type: TourEventAdminDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description:
      'The event has a slot of that name (names compared composed, spaces collapsed) or one starting at the same instant, or is completed.',
  })
  addSlot(
    @Param('slug') slug: string,
    @Body() body: AddSlotRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'AddSlot', slug, ...body }, actor);
  }

  @Patch(':slug/slots/:time')
  @AdminOnly({ mutation: true })
  @ApiOperation({
    operationId: 'editSlot',
    summary: "Change a slot's capacity or move it",
    description:
      "Records SlotCapacityChanged and SlotMoved. `time` is the URL-encoded slot name; a moved slot keeps its name, which registrations reference. A new start must be ahead, and written with the event's zone's offset at that instant (or in UTC).",
  })
  @ApiOkResponse({ type: TourEventAdminDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description:
      "A capacity below the seats taken: 'This slot has 12 seats taken; its capacity cannot go below 12.'; or another slot of the event starts at the new instant.",
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
  @HttpCode(200)
  @AdminOnly({ mutation: true })
  @ApiOperation({
    operationId: 'closeSlot',
    summary: 'Close a slot to registration',
    description: 'Records SlotClosed, unless it is closed already.',
  })
  @ApiOkResponse({ type: TourEventAdminDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  close(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.record({ type: 'CloseSlot', slug, time }, actor);
  }

  @Post(':slug/slots/:time/reopen')
  @HttpCode(200)
  @AdminOnly({ mutation: true })
  @ApiOperation({
    operationId: 'reopenSlot',
    summary: 'Reopen a closed slot',
    description:
      'Records SlotReopened, unless it is open already. A slot whose registration has closed by the clock (it has started, or starts within REGISTRATION_CLOSES_MINUTES_BEFORE) is not reopened: 409.',
  })
  @ApiOkResponse({ type: TourEventAdminDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: 'The event is completed, or the slot has started (or is about to).',
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
