import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { RegistrationIdField } from '../../../../common/registration-id';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { SUSPICION_ANSWERS, type SuspicionAnswer } from '../../domain/neutral-words';

/** More answers than any sheet has suspicions; a sheet is answered in one request or several. */
export const SHEET_ANSWERS_MAX = 5000;

export class SuspicionAnswerRequestDto {
  @RegistrationIdField()
  registrationId: string;

  @ApiProperty({
    example: '14-19',
    maxLength: 24,
    pattern: '^\\d{1,10}-\\d{1,10}$',
    description: "A suspected span's id, as the sheet answers it.",
  })
  @IsDefined({ message: 'spanId must be a span id, as the sheet answers it' })
  @IsString({ message: 'spanId must be a span id, as the sheet answers it' })
  @MaxLength(24, { message: 'spanId must be a span id, as the sheet answers it' })
  @Matches(/^\d{1,10}-\d{1,10}$/, { message: 'spanId must be a span id, as the sheet answers it' })
  spanId: string;

  @ApiProperty({
    enum: SUSPICION_ANSWERS,
    description: '`replace`: its neutral words stand in its place. `keep`: the words stay.',
  })
  @IsDefined({ message: 'answer must be replace or keep' })
  @IsIn(SUSPICION_ANSWERS, { message: 'answer must be replace or keep' })
  answer: SuspicionAnswer;
}

export class AnswerSheetSuspicionsRequestDto {
  @ApiProperty({
    type: [SuspicionAnswerRequestDto],
    minItems: 1,
    maxItems: SHEET_ANSWERS_MAX,
    description:
      'Answers to suspicions of the sheet, each suspicion once; a later answer replaces an earlier one.',
  })
  @IsDefined({ message: 'answers must list the answers' })
  @IsArray({ message: 'answers must list the answers' })
  @ArrayMinSize(1, { message: 'answers must list the answers' })
  @ArrayMaxSize(SHEET_ANSWERS_MAX, {
    message: `answers must list at most ${SHEET_ANSWERS_MAX} answers`,
  })
  @ValidateNested({ each: true })
  @Type(() => SuspicionAnswerRequestDto)
  answers: SuspicionAnswerRequestDto[];
}
