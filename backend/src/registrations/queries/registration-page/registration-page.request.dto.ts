import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, registerDecorator } from 'class-validator';
import { NormalizeText } from '../../../common/normalize-text';
import { FollowsParameterRule, PageLimit, TextOfAtMost } from '../../../common/validation';
import { EVENT_SLUG, SLOT_NAME } from '../../../tour/domain/tour-rules';
import { decodeCursor, REGISTRATION_CURSOR } from './registration-cursor';
import { STATUS_FILTERS, type StatusFilter } from '../../domain/registration';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
export const SEARCH_MAX_LENGTH = 200;

function IsRegistrationCursor() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isRegistrationCursor',
      target: object.constructor,
      propertyName,
      options: { message: 'cursor must be a nextCursor this list answered' },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !!decodeCursor(value),
      },
    });
}

export class RegistrationPageRequestDto {
  @PageLimit({
    max: PAGE_SIZE_MAX,
    fallback: PAGE_SIZE_DEFAULT,
    description: 'How many registrations to answer.',
  })
  limit?: number;

  @ApiPropertyOptional({
    description: 'The nextCursor of the previous page; none for the first page.',
  })
  @IsOptional()
  @FollowsParameterRule(REGISTRATION_CURSOR)
  @IsRegistrationCursor()
  cursor?: string;

  @ApiPropertyOptional({
    description:
      'Part of a name, an email or a phone number (a phone also by its digits alone), in any case.',
    maxLength: SEARCH_MAX_LENGTH,
  })
  @IsOptional()
  @NormalizeText()
  @TextOfAtMost(SEARCH_MAX_LENGTH)
  q?: string;

  @ApiPropertyOptional({
    enum: STATUS_FILTERS,
    description:
      "confirmed: a paid seat or one confirmed from the waiting list (SPEC's CONFIRMED); waiting: on the waiting list; every other value: the registrations in that status.",
  })
  @IsOptional()
  @IsIn(STATUS_FILTERS, { message: `status must be one of: ${STATUS_FILTERS.join(', ')}` })
  status?: StatusFilter;

  @ApiPropertyOptional({ example: 'bucharest', description: "An event's slug." })
  @IsOptional()
  @FollowsParameterRule(EVENT_SLUG)
  event?: string;

  @ApiPropertyOptional({ example: 'Oct 30 - 7:30pm', description: 'A time slot of `event`.' })
  @IsOptional()
  @FollowsParameterRule(SLOT_NAME)
  time?: string;
}
