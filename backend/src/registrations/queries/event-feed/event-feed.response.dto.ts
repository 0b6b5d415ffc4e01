import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AuditEntryDto } from '../registration-history/audit-entry.response.dto';

/** A fact of the feed, with whom it concerns as a person reads it. */
export class FeedEntryDto extends AuditEntryDto {
  @ApiPropertyOptional({
    example: 'Ana Popescu',
    description:
      "Whom it concerns: the registration's person as the registrations list shows them now (absent once erased), or the operator an operator's fact concerns (only to a reader holding the operators permission).",
  })
  subjectName?: string;

  @ApiPropertyOptional({
    type: 'integer',
    example: 3,
    description: "The number of the operator an operator's fact concerns.",
  })
  subjectNumber?: number;

  @ApiPropertyOptional({
    example: 'bucharest',
    description: "The tour event it concerns: the registration's as it is now, or the tour fact's.",
  })
  event?: string;

  @ApiPropertyOptional({ example: 'Oct 30 - 7:30pm', description: 'The slot it concerns.' })
  time?: string;
}

export class EventFeedDto {
  @ApiProperty({
    type: [FeedEntryDto],
    description: 'Events in global order, or newest first with `order` newest.',
  })
  events: FeedEntryDto[];

  @ApiProperty({
    type: 'integer',
    description:
      'In order oldest, the position to pass as `after` for the next page (the last event answered, or `after` itself when there was none); in order newest, the newest position answered (0 when none).',
  })
  lastPosition: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'In order newest, the position to pass as `before` for the older page; null on the last page and in order oldest.',
  })
  nextBefore: number | null;
}
