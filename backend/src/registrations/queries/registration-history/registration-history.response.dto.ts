import { ApiProperty } from '@nestjs/swagger';
import { AuditEntryDto } from './audit-entry.response.dto';

export class RegistrationHistoryDto {
  @ApiProperty({ format: 'uuid' })
  registrationId: string;

  @ApiProperty({ description: 'True once the registration has been deleted (and erased).' })
  deleted: boolean;

  @ApiProperty({ type: [AuditEntryDto], description: 'Every event of the registration, in order.' })
  events: AuditEntryDto[];
}
