import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { LINK_TOKEN } from '../../../notifications/visitor-links';
import { PASSPHRASE_MAX_LENGTH, PASSPHRASE_MIN_LENGTH } from '../../domain/passphrase';
import { OPERATOR_NAME_MAX } from '../../operator-requests.dto';
import { documentedBounds } from '../../../common/parameter-rule';

export class JoinRequestDto {
  @ApiProperty({
    example: 'eyJyIjoiMWY0YyIsInAiOiJpbnZpdGF0aW9uIn0.c2lnbmF0dXJl',
    ...documentedBounds(LINK_TOKEN),
    description: "The invitation's token, as its link carries it.",
  })
  @IsString({ message: 'token is required' })
  @MaxLength(LINK_TOKEN.maxLength, {
    message: `token must be at most ${LINK_TOKEN.maxLength} characters`,
  })
  token: string;

  @ApiProperty({ example: 'Ioana Marin', maxLength: OPERATOR_NAME_MAX })
  @IsString({ message: 'name is required' })
  @Matches(/\S/, { message: 'name is required' })
  @MaxLength(OPERATOR_NAME_MAX, { message: `name must be at most ${OPERATOR_NAME_MAX} characters` })
  name: string;

  @ApiProperty({
    example: 'seven ravens over the quiet harbour',
    minLength: PASSPHRASE_MIN_LENGTH,
    maxLength: PASSPHRASE_MAX_LENGTH,
    description: `At least ${PASSPHRASE_MIN_LENGTH} characters, and none of the common passwords; a shorter one is refused with the field code \`passphrase-too-short\`.`,
  })
  @IsString({ message: 'passphrase is required' })
  @MaxLength(PASSPHRASE_MAX_LENGTH, {
    message: `passphrase must be at most ${PASSPHRASE_MAX_LENGTH} characters`,
  })
  passphrase: string;
}
