import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';

export class SetPaidFlagRequestDto {
  @ApiProperty()
  @IsDefined({ message: 'paid must be true or false' })
  @IsBoolean({ message: 'paid must be true or false' })
  paid: boolean;
}
