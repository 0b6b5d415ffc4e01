import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, registerDecorator } from 'class-validator';
import { canonicalTimeZone, TIME_ZONE } from '../../../common/time-zone';
import { FollowsParameterRule } from '../../../common/validation';

export const TIME_ZONE_MESSAGE = `timeZone must be ${TIME_ZONE.shape}`;

export class RegistrationsPerDayRequestDto {
  @ApiPropertyOptional({
    description: 'The IANA time zone whose calendar days are counted.',
    default: 'UTC',
    example: 'Europe/Bucharest',
  })
  @IsOptional()
  @FollowsParameterRule(TIME_ZONE)
  @((object: object, propertyName: string) =>
    registerDecorator({
      name: 'isTimeZone',
      target: object.constructor,
      propertyName,
      options: { message: TIME_ZONE_MESSAGE },
      validator: { validate: (value: unknown) => canonicalTimeZone(value) !== undefined },
    }))
  timeZone?: string;
}
