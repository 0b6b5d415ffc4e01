import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginRequestDto {
  @ApiProperty({
    example: 'the operator password',
    description: 'The operator password (ADMIN_PASSWORD).',
    maxLength: 1000,
  })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(1000, { message: 'Password must be at most 1000 characters' })
  password: string;
}
