import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { OPERATOR_ROLES, type OperatorRole } from '../../../auth/permissions';
import { OPERATOR_EMAIL_MAX, OPERATOR_NAME_MAX } from '../../operator-requests.dto';

export class InviteOperatorRequestDto {
  @ApiProperty({ example: 'ioana@example.com', maxLength: OPERATOR_EMAIL_MAX })
  @IsString({ message: 'email is required' })
  @MaxLength(OPERATOR_EMAIL_MAX, {
    message: `email must be at most ${OPERATOR_EMAIL_MAX} characters`,
  })
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;

  @ApiProperty({ example: 'Ioana Marin', maxLength: OPERATOR_NAME_MAX })
  @IsString({ message: 'name is required' })
  @Matches(/\S/, { message: 'name is required' })
  @MaxLength(OPERATOR_NAME_MAX, { message: `name must be at most ${OPERATOR_NAME_MAX} characters` })
  name: string;

  @ApiProperty({ enum: OPERATOR_ROLES })
  @IsIn(OPERATOR_ROLES, { message: 'role must be one of box-office, door' })
  role: OperatorRole;
}
