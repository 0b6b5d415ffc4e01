import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { RegistrationIdField } from '../../../../common/registration-id';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { NormalizeText } from '../../../../common/normalize-text';
import { TextField } from '../../../../common/validation';
import { SHEET_DREAM_MAX_CHARACTERS, SHEET_DREAM_RULE } from '../../domain/sheet-decisions';

/** More dreams than any slot seats; a sheet is approved in one request. */
export const SHEET_DREAMS_MAX = 1000;

const TEXT_MESSAGES = {
  blank: 'Each approved text must have at least one visible character',
  short: 'Each approved text must have at least one visible character',
  control: 'An approved text must not contain control characters',
  long: `An approved text must be at most ${SHEET_DREAM_MAX_CHARACTERS} characters`,
};

export class ApprovedDreamRequestDto {
  @RegistrationIdField()
  registrationId: string;

  @ApiProperty({
    example: 'I dreamt that someone called me from a phone number in the dark.',
    minLength: 1,
    maxLength: SHEET_DREAM_MAX_CHARACTERS,
    description:
      'The text the performers will read, as the operator approves it: 1 visible character at least, after NFC and trimming; no control characters but line breaks and tabs.',
  })
  @NormalizeText()
  @IsDefined({ message: TEXT_MESSAGES.blank })
  @IsString({ message: TEXT_MESSAGES.blank })
  @TextField(SHEET_DREAM_RULE, TEXT_MESSAGES)
  text: string;

  @ApiProperty({
    required: false,
    default: false,
    description:
      'The reviewer approves the text knowingly although the anonymiser still finds something personal in it (stillPersonal); without it such a text is refused (409, still-personal).',
  })
  @IsOptional()
  @IsBoolean({ message: 'acceptStillPersonal must be true or false' })
  acceptStillPersonal?: boolean;
}

export class ApprovePerformersSheetRequestDto {
  @ApiProperty({
    type: [ApprovedDreamRequestDto],
    minItems: 1,
    maxItems: SHEET_DREAMS_MAX,
    description: "The sheet's dreams as approved, each registration once.",
    example: [
      {
        registrationId: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11',
        text: 'I dreamt that someone called me from a phone number in the dark.',
      },
    ],
  })
  @IsDefined({ message: 'dreams must list the approved dreams' })
  @IsArray({ message: 'dreams must list the approved dreams' })
  @ArrayMinSize(1, { message: 'dreams must list the approved dreams' })
  @ArrayMaxSize(SHEET_DREAMS_MAX, {
    message: `dreams must list at most ${SHEET_DREAMS_MAX} dreams`,
  })
  @ValidateNested({ each: true })
  @Type(() => ApprovedDreamRequestDto)
  dreams: ApprovedDreamRequestDto[];
}
