import { ApiProperty } from '@nestjs/swagger';

/** A person as the door names them, and their check-in as recorded: what the door list and a check-in share. */
export class DoorPersonDto {
  @ApiProperty({
    description:
      "The person's door handle: how the door names them, and useless anywhere else (no public route takes it).",
    example: 'q3J0c2Vh2wVfN7dT1xZkPA',
    pattern: '^[A-Za-z0-9_-]{22}$',
  })
  handle!: string;

  @ApiProperty({ example: '#4A2F10' })
  shortId!: string;

  @ApiProperty({ example: 'Ana Popescu' })
  name!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  checkedInAt!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Bianca Box',
    description:
      "Who checked them in: the operator's name (`owner` for the password login, `former operator #<number>` once erased); the phone's name for a check-in recorded before operators were kept.",
  })
  checkedInBy!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Door phone 1',
    description: 'The phone that checked them in, as its operator named it; null when unnamed.',
  })
  checkedInDevice!: string | null;
}
