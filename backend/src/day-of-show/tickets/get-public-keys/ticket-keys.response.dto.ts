import { ApiProperty } from '@nestjs/swagger';

export class TicketKeyJwkDto {
  @ApiProperty({ enum: ['OKP'] })
  kty!: 'OKP';

  @ApiProperty({ enum: ['Ed25519'] })
  crv!: 'Ed25519';

  @ApiProperty({
    description: 'The public key, base64url.',
    example: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  })
  x!: string;

  @ApiProperty({
    description: 'The key id, as tickets name it in `k`.',
    example: 'mV3sYd0pE4yQx1aB',
  })
  kid!: string;
}

/** A key a door device verifies tickets with. */
export class TicketKeyDto {
  @ApiProperty({
    description: 'As tickets name it in their payload (`k`).',
    example: 'mV3sYd0pE4yQx1aB',
  })
  keyId!: string;

  @ApiProperty({ enum: ['Ed25519'] })
  algorithm!: 'Ed25519';

  @ApiProperty({
    description: 'Whether new tickets are signed with it; the others verify tickets already sent.',
  })
  current!: boolean;

  @ApiProperty({ description: 'The public key, SPKI in PEM.' })
  pem!: string;

  @ApiProperty({ type: TicketKeyJwkDto })
  jwk!: TicketKeyJwkDto;
}

export class TicketKeysResponseDto {
  @ApiProperty({
    type: [TicketKeyDto],
    description: 'Every key a valid ticket may carry, the current one first.',
  })
  keys!: TicketKeyDto[];
}
