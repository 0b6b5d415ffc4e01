import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { NormalizeText } from '../../../../common/normalize-text';
import { TextField } from '../../../../common/validation';
import { TICKET_CODE_MAX_LENGTH } from '../../../tickets/ticket-code';
import {
  PHONE_NAME_MAX_CHARACTERS,
  PHONE_NAME_MESSAGES,
  PHONE_NAME_RULE,
} from '../../domain/phone-name';

export const TICKET_EXAMPLE =
  'T1.eyJrIjoibVYzc1lkMHBFNHlReDFhQiIsInIiOiIwYjViNmE4ZS0zYzFmLTRmN2UtOWE1NS0zYzFlMWQyZjRhMTAiLCJlIjoiYnVjaGFyZXN0IiwicyI6Ik9jdCAzMCAtIDc6MzBwbSIsInUiOjE3NjE4OTA0MDB9.c2lnbmF0dXJl';

/** A check-in at the door: exactly one of `ticket` and `handle`. */
export class CheckInRequestDto {
  @ApiPropertyOptional({
    description: 'The ticket code the QR holds (T1.<payload>.<signature>).',
    maxLength: TICKET_CODE_MAX_LENGTH,
    example: TICKET_EXAMPLE,
  })
  @IsOptional()
  @IsString({ message: 'ticket must be a ticket code' })
  @MaxLength(TICKET_CODE_MAX_LENGTH, { message: 'ticket is too long to be a ticket code' })
  ticket?: string;

  @ApiPropertyOptional({
    description:
      'The person found by name (instead of a ticket): their door handle, as the door list gives it.',
    maxLength: 22,
    example: 'q3J0c2Vh2wVfN7dT1xZkPA',
  })
  @IsOptional()
  @IsString({ message: 'handle must be a door handle' })
  @MaxLength(22, { message: 'handle must be a door handle' })
  handle?: string;

  @ApiProperty({
    description: 'The slot being checked in: its event.',
    maxLength: 100,
    example: 'bucharest',
  })
  @IsDefined({ message: 'event is required' })
  @IsString({ message: 'event must be an event slug' })
  @MaxLength(100, { message: 'event must be an event slug' })
  event!: string;

  @ApiProperty({
    description: 'The slot being checked in: its name.',
    maxLength: 100,
    example: 'Oct 30 - 7:30pm',
  })
  @IsDefined({ message: 'time is required' })
  @IsString({ message: 'time must be a slot name' })
  @MaxLength(100, { message: 'time must be a slot name' })
  time!: string;

  @ApiPropertyOptional({
    description: "The door device's clock when it saw the person (a check-in queued offline).",
    format: 'date-time',
    maxLength: 40,
    example: '2025-10-30T17:21:09.000Z',
  })
  @IsOptional()
  @IsString({ message: 'deviceTime must be a date and time (ISO 8601)' })
  @MaxLength(40, { message: 'deviceTime must be a date and time (ISO 8601)' })
  @IsISO8601({ strict: true }, { message: 'deviceTime must be a date and time (ISO 8601)' })
  deviceTime?: string;

  @ApiPropertyOptional({
    description:
      'The door phone, as its operator named it: composed (NFC) and trimmed, then 1 to 64 characters as a person sees them, none of them a control character.',
    minLength: 1,
    maxLength: PHONE_NAME_MAX_CHARACTERS,
    example: 'Door phone 1',
  })
  @NormalizeText()
  @IsOptional()
  @IsString({ message: 'device must be a name' })
  @TextField(PHONE_NAME_RULE, PHONE_NAME_MESSAGES)
  device?: string;
}
