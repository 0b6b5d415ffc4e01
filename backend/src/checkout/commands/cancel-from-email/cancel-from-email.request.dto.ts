import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';

export class CancelFromEmailRequestDto {
  @ApiProperty({
    example: "<the token of the email's link>",
    description: "The token of the email's link, as it was sent.",
    maxLength: 1000,
  })
  @IsDefined({ message: 'token is required' })
  @IsString({ message: 'token must be a string' })
  @MaxLength(1000, { message: 'token is too long' })
  token: string;
}
