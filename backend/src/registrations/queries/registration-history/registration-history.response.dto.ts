import { ApiProperty } from '@nestjs/swagger';
import {
  REGISTRATION_STATUSES,
  STATUS_FILTERS,
  type RegistrationStatus,
  type StatusFilter,
} from '../../domain/registration';
import {
  REGISTRATION_EVENT_TYPES,
  type RegistrationEventType,
} from '../../domain/registration-events';
import { AuditEntryDto } from './audit-entry.response.dto';

/** One event of a registration's history, with where the registration stood after it. */
export class RegistrationHistoryEntryDto extends AuditEntryDto {
  @ApiProperty({
    enum: REGISTRATION_EVENT_TYPES,
    enumName: 'RegistrationEventType',
    description:
      'What happened: every type a registration stream can hold, so a client can tell each in words.',
  })
  declare type: RegistrationEventType;

  @ApiProperty({
    enum: REGISTRATION_STATUSES,
    description: "The registration's status after this event, as the domain folds its events.",
  })
  status: RegistrationStatus;

  @ApiProperty({
    // OpenAPI 3.0: a nullable enum lists null among its values.
    enum: [...STATUS_FILTERS, null],
    nullable: true,
    type: String,
    description:
      'How the Command Center lists that status (its badge and filter); null once it is deleted.',
  })
  listedAs: StatusFilter | null;
}

export class RegistrationHistoryDto {
  @ApiProperty({ format: 'uuid' })
  registrationId: string;

  @ApiProperty({ description: 'True once the registration has been deleted (and erased).' })
  deleted: boolean;

  @ApiProperty({
    type: [RegistrationHistoryEntryDto],
    description: 'Every event of the registration, in order.',
  })
  events: RegistrationHistoryEntryDto[];
}
