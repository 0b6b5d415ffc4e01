import { ApiProperty } from '@nestjs/swagger';
import { LocalisedPlacesDto } from '../../../../tour/queries/tour-admin/tour-admin.response.dto';
import { REPLACEMENT_KINDS, type ReplacementKind } from '../../domain/neutral-words';

export class SheetReplacementDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    example: 11,
    description: 'Where the neutral word starts in the anonymised text (UTF-16 code units).',
  })
  offset: number;

  @ApiProperty({ type: 'integer', minimum: 1, example: 7 })
  length: number;

  @ApiProperty({ enum: REPLACEMENT_KINDS, description: 'What was taken out.' })
  kind: ReplacementKind;
}

export class AnonymisedDreamDto {
  @ApiProperty({ example: 'I dreamt that someone called me from a phone number in the dark.' })
  text: string;

  @ApiProperty({ type: [SheetReplacementDto], description: 'In the order of the text.' })
  replacements: SheetReplacementDto[];
}

export class SheetDreamDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 1,
    description: "The seat's number: its place among the slot's seated people, by registration.",
  })
  seat: number;

  @ApiProperty({ format: 'uuid', description: "The operator's handle; not printed." })
  registrationId: string;

  @ApiProperty({ enum: ['en', 'it', 'ro'], description: "The dream's language." })
  language: 'en' | 'it' | 'ro';

  @ApiProperty({ type: AnonymisedDreamDto, description: 'The automatic anonymisation.' })
  anonymised: AnonymisedDreamDto;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'I dreamt that someone called me in the dark.',
    description:
      'The text an operator approved; null until approved, and after the dream is edited.',
  })
  approvedText: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The operator's session that approved it.",
  })
  approvedBy: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  approvedAt: string | null;

  @ApiProperty({
    enum: REPLACEMENT_KINDS,
    isArray: true,
    description:
      'What the anonymiser still finds in the approved text (the author’s name, an email, a phone…), each kind once: a warning for the operator; empty when none, or before approval.',
  })
  stillPersonal: ReplacementKind[];

  @ApiProperty({ description: 'Whether the dream is marked captured.' })
  dreamedCaptured: boolean;
}

/** A slot's sheet: its dreams and nothing personal (no name, email or phone). */
export class PerformersSheetDto {
  @ApiProperty({ example: 'bucharest' })
  event: string;

  @ApiProperty({ example: 'Bucharest' })
  city: string;

  @ApiProperty({ example: 'Fabrica de Pensule' })
  venue: string;

  @ApiProperty({ type: LocalisedPlacesDto })
  localised: LocalisedPlacesDto;

  @ApiProperty({ example: 'Europe/Bucharest' })
  timeZone: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty({ format: 'date-time', example: '2025-10-30T19:30:00+02:00' })
  startsAt: string;

  @ApiProperty({ type: [SheetDreamDto], description: 'By seat.' })
  dreams: SheetDreamDto[];
}
