import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { Trim } from '../../../common/trim';
import { VisibleLength } from '../../../common/validation';
import { DREAM_MAX_CHARACTERS, SHARED_DREAM_MIN_CHARACTERS } from '../../domain/registration-rules';

const MESSAGE = `Please write your dream in ${SHARED_DREAM_MIN_CHARACTERS} to ${DREAM_MAX_CHARACTERS} characters`;

export class ShareDreamRequestDto {
  @ApiProperty({ minLength: SHARED_DREAM_MIN_CHARACTERS, maxLength: DREAM_MAX_CHARACTERS })
  @Trim()
  @IsString({ message: MESSAGE })
  @VisibleLength('sharedDreamLength', SHARED_DREAM_MIN_CHARACTERS, DREAM_MAX_CHARACTERS, {
    message: MESSAGE,
  })
  dream: string;
}

export class ShareDreamResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
}
