import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';

export class SetDreamCapturedRequestDto {
  @ApiProperty()
  @IsDefined({ message: 'dreamedCaptured must be true or false' })
  @IsBoolean({ message: 'dreamedCaptured must be true or false' })
  dreamedCaptured: boolean;
}
