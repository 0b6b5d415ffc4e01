import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';
import { LINK_TOKEN } from '../../../notifications/visitor-links';

export class CancelFromEmailRequestDto {
  @ApiProperty({
    example: "<the token of the email's link>",
    description: "The token of the email's link, as it was sent.",
    maxLength: LINK_TOKEN.maxLength,
  })
  @IsDefined({ message: 'token is required' })
  @IsString({ message: 'token must be a string' })
  @MaxLength(LINK_TOKEN.maxLength, { message: 'token is too long' })
  token: string;
}
