import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

export class PasskeyNameRequestDto {
  @ApiProperty({ example: 'My phone', maxLength: 60 })
  @IsString({ message: 'name is required' })
  @Matches(/\S/, { message: 'name is required' })
  @MaxLength(60, { message: 'name must be at most 60 characters' })
  name: string;
}
