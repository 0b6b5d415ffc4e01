import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, registerDecorator } from 'class-validator';

export const TIME_ZONE_MESSAGE = 'timeZone must be a time zone such as Europe/Bucharest';

function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export class RegistrationsPerDayRequestDto {
  @ApiPropertyOptional({
    description: 'The IANA time zone whose calendar days are counted.',
    default: 'UTC',
    example: 'Europe/Bucharest',
  })
  @IsOptional()
  @IsString({ message: 'timeZone must be text' })
  @MaxLength(64, { message: TIME_ZONE_MESSAGE })
  @((object: object, propertyName: string) =>
    registerDecorator({
      name: 'isTimeZone',
      target: object.constructor,
      propertyName,
      options: { message: TIME_ZONE_MESSAGE },
      validator: { validate: isTimeZone },
    }))
  timeZone?: string;
}
