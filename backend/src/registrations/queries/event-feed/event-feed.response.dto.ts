import { ApiProperty } from '@nestjs/swagger';
import { AuditEntryDto } from '../registration-history/audit-entry.response.dto';

export class EventFeedDto {
  @ApiProperty({ type: [AuditEntryDto], description: 'Events in global order.' })
  events: AuditEntryDto[];

  @ApiProperty({
    type: 'integer',
    description:
      'The position to pass as `after` for the next page (the last event answered, or `after` itself when there was none).',
  })
  lastPosition: number;
}
