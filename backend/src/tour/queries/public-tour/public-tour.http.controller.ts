import { Controller, Get, Inject } from '@nestjs/common';
import { ApiProperty, ApiTags, PickType } from '@nestjs/swagger';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { LocalisedPlacesDto, TourEventAdminDto } from '../tour-admin/tour-admin.response.dto';
import { LiveTour } from '../../live-tour';
import { publicEvents } from '../../public-events';
import { PublicQuery } from '../../../common/api-refusals';

export class SlotDto {
  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty({ format: 'date-time' })
  startsAt: string;

  @ApiProperty({
    enum: ['open', 'closed'],
    description:
      'Closed when the tour closes it, or once registration has ended (at the start, or REGISTRATION_CLOSES_MINUTES_BEFORE it).',
  })
  status: string;

  @ApiProperty({ type: 'integer', example: 20 })
  capacity: number;
}

/** An event as the site shows it: the operator's view's details, its places and slots as visitors see them. */
export class TourEventDto extends PickType(TourEventAdminDto, [
  'slug',
  'city',
  'venue',
  'date',
  'timeZone',
  'status',
  'priceMinor',
  'currency',
] as const) {
  @ApiProperty({
    type: LocalisedPlacesDto,
    description:
      'The city and venue as Italian and Romanian visitors know them, where the tour names them; city and venue otherwise.',
  })
  localised: LocalisedPlacesDto;

  @ApiProperty({ type: [SlotDto] })
  slots: SlotDto[];
}

export class SiteInfoDto {
  @ApiProperty({ description: 'The public code to join the dream-sharing chat' })
  chatJoinCode: string;

  @ApiProperty({ description: 'Where to write to cancel' })
  contactEmail: string;

  @ApiProperty()
  pressEmail: string;
}

@ApiTags('catalogue')
@Controller()
export class PublicTourHttpController {
  constructor(
    private readonly catalogue: LiveTour,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('api/events')
  @PublicQuery({
    operationId: 'listEvents',
    summary: 'The tour: events, their slots, prices and statuses',
    description:
      'The live tour as the event log says, with each place named in every language the tour has (localised); what the site lays out as its next stops and past events.',
    ok: [TourEventDto],
  })
  events(): TourEventDto[] {
    return publicEvents(this.catalogue, new Date(), this.config.registrationClosesMinutesBefore);
  }

  @Get('api/site-info')
  @PublicQuery({
    operationId: 'getSiteInfo',
    summary: 'Public contact addresses and the chat join code',
    description: 'CONTACT_EMAIL, PRESS_EMAIL and CHAT_JOIN_CODE, as configured.',
    ok: SiteInfoDto,
  })
  siteInfo(): SiteInfoDto {
    return {
      chatJoinCode: this.config.chatJoinCode,
      contactEmail: this.config.contactEmail,
      pressEmail: this.config.pressEmail,
    };
  }
}
