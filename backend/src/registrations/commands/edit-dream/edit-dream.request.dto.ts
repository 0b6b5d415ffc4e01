import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { Trim } from '../../../common/trim';
import { VisibleLength } from '../../../common/validation';
import { DREAM_MAX_CHARACTERS, DREAM_MIN_CHARACTERS } from '../../domain/registration-rules';
import { DREAM_MESSAGE } from '../create-registration/create-registration.request.dto';

export class EditDreamRequestDto {
  @ApiProperty({
    description: `Between ${DREAM_MIN_CHARACTERS} and ${DREAM_MAX_CHARACTERS} characters as a person counts them, after trimming`,
    minLength: DREAM_MIN_CHARACTERS,
    maxLength: DREAM_MAX_CHARACTERS,
  })
  @Trim()
  @IsString({ message: DREAM_MESSAGE })
  @VisibleLength('dreamTooShort', DREAM_MIN_CHARACTERS, Number.MAX_SAFE_INTEGER, {
    message: DREAM_MESSAGE,
  })
  @VisibleLength('dreamTooLong', 0, DREAM_MAX_CHARACTERS, {
    message: 'Your dream must be at most 5000 characters',
  })
  dream: string;
}
