import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { NormalizeText } from '../../../common/normalize-text';
import { TextField } from '../../../common/validation';
import {
  DREAM_MAX_CHARACTERS,
  DREAM_MIN_CHARACTERS,
  DREAM_RULE,
} from '../../../registrations/domain/registration-rules';
import { DREAM_MESSAGE, DREAM_MESSAGES } from '../../../registrations/dream-messages';
import { DREAM_EXAMPLE } from '../../../registrations/openapi-examples';

export class EditDreamRequestDto {
  @ApiProperty({
    example: DREAM_EXAMPLE,
    description: `Between ${DREAM_MIN_CHARACTERS} and ${DREAM_MAX_CHARACTERS} characters as a person counts them (what shows nothing counts as none), after NFC and trimming; no control characters but line breaks and tabs`,
    minLength: DREAM_MIN_CHARACTERS,
    maxLength: DREAM_MAX_CHARACTERS,
  })
  @NormalizeText()
  @IsString({ message: DREAM_MESSAGE })
  @TextField(DREAM_RULE, DREAM_MESSAGES)
  dream: string;
}
