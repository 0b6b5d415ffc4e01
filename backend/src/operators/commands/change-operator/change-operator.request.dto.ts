import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { OPERATOR_ROLES, type OperatorRole } from '../../../auth/permissions';

export class ChangeOperatorRequestDto {
  @ApiPropertyOptional({ enum: OPERATOR_ROLES })
  @IsOptional()
  @IsIn(OPERATOR_ROLES, { message: 'role must be one of box-office, door' })
  role?: OperatorRole;

  @ApiPropertyOptional({
    description: 'true suspends (every session of the operator ends at once); false reinstates.',
  })
  @IsOptional()
  @IsBoolean({ message: 'suspended must be true or false' })
  suspended?: boolean;
}
