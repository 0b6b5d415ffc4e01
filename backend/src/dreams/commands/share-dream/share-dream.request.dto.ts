import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { NormalizeText } from '../../../common/normalize-text';
import { TextField } from '../../../common/validation';
import {
  SHARED_DREAM_MAX_CHARACTERS,
  SHARED_DREAM_MIN_CHARACTERS,
  SHARED_DREAM_RULE,
} from '../../../registrations/domain/registration-rules';
import { DREAM_EXAMPLE } from '../../../registrations/openapi-examples';

const MESSAGE = `Please write your dream in ${SHARED_DREAM_MIN_CHARACTERS} to ${SHARED_DREAM_MAX_CHARACTERS} characters`;

export class ShareDreamRequestDto {
  @ApiProperty({
    example: DREAM_EXAMPLE,
    minLength: SHARED_DREAM_MIN_CHARACTERS,
    maxLength: SHARED_DREAM_MAX_CHARACTERS,
    description:
      'Characters as a person counts them (what shows nothing counts as none), after NFC and trimming; no control characters but line breaks and tabs',
  })
  @NormalizeText()
  @IsString({ message: MESSAGE })
  @TextField(SHARED_DREAM_RULE, {
    blank: MESSAGE,
    short: MESSAGE,
    long: MESSAGE,
    control: 'Your dream must not contain control characters',
  })
  dream: string;
}

export class ShareDreamResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
}
