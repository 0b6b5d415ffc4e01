import { ApiProperty } from '@nestjs/swagger';
import { LocalisedPlacesDto } from '../../../../tour/queries/tour-admin/tour-admin.response.dto';
import {
  SPAN_CATEGORIES,
  SPAN_KINDS,
  SUSPICION_ANSWERS,
  type SpanCategory,
  type SpanKind,
  type SuspicionAnswer,
} from '../../domain/neutral-words';

export class TextRangeDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    example: 14,
    description: 'Where the span starts (UTF-16 code units, as JavaScript indexes strings).',
  })
  offset: number;

  @ApiProperty({ type: 'integer', minimum: 0, example: 5 })
  length: number;
}

export class SheetSpanDto {
  @ApiProperty({
    example: '14-19',
    description:
      "The span's id, stable while the dream is unchanged (its place in the original): what an answer names.",
  })
  id: string;

  @ApiProperty({
    enum: SPAN_KINDS,
    description:
      '`replaced`: the anonymiser is sure and replaced it. `suspected`: it only points at someone; the reviewer answers it (replace or keep).',
  })
  kind: SpanKind;

  @ApiProperty({ enum: SPAN_CATEGORIES, description: 'What it points at.' })
  category: SpanCategory;

  @ApiProperty({ type: TextRangeDto, description: 'Where it is in `original`.' })
  original: TextRangeDto;

  @ApiProperty({
    type: TextRangeDto,
    description:
      'Where it is in the anonymised `text`: the replacement where it stands, the original words where a suspicion is open or kept.',
  })
  anonymised: TextRangeDto;

  @ApiProperty({
    example: 'A.',
    description:
      "The neutral words that stand, or would stand, in its place, in the dream's language: an initial for a person (X. the author, A., B.… the others), a role for a detail.",
  })
  replacement: string;

  @ApiProperty({
    // OpenAPI 3.0: a nullable enum lists null among its values.
    enum: [...SUSPICION_ANSWERS, null],
    nullable: true,
    type: String,
    description: "The reviewer's answer to a suspicion; null while it is open, and for `replaced`.",
  })
  answer: SuspicionAnswer | null;
}

export class AnonymisedDreamDto {
  @ApiProperty({ example: 'I dreamt that A. called me from a phone number in the dark.' })
  text: string;

  @ApiProperty({ type: [SheetSpanDto], description: 'In the order of the text.' })
  spans: SheetSpanDto[];
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

  @ApiProperty({
    example: 'I dreamt that Elena called me from 0722 123 456 in the dark.',
    description:
      "The dream as its author wrote it, for the reviewer beside the anonymised text (the sheet is the owner's and the box office's only). Never printed.",
  })
  original: string;

  @ApiProperty({
    type: AnonymisedDreamDto,
    description: "The automatic anonymisation, with the reviewer's answers applied.",
  })
  anonymised: AnonymisedDreamDto;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Suspicions in the dream that the reviewer has not answered yet.',
  })
  openSuspicions: number;

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
    enum: SPAN_CATEGORIES,
    isArray: true,
    description:
      'What the anonymiser would still replace in the approved text (the author’s name, an email, a phone…), each category once: a warning for the operator; empty when none, or before approval.',
  })
  stillPersonal: SpanCategory[];

  @ApiProperty({
    description:
      'Whether the reviewer approved the text knowingly although it still looks personal (acceptStillPersonal); a warning not accepted holds the print.',
  })
  stillPersonalAccepted: boolean;

  @ApiProperty({ description: 'Whether the dream is marked captured.' })
  dreamedCaptured: boolean;
}

/** The slot a sheet is for, where and when: the head of the reviewer's sheet and of the printed one. */
export class SheetSlotDto {
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
}

/**
 * A slot's sheet for its reviewer: each dream as written and anonymised. No name, email or phone
 * beyond what the dreams' own texts hold.
 */
export class PerformersSheetDto extends SheetSlotDto {
  @ApiProperty({ type: [SheetDreamDto], description: 'By seat.' })
  dreams: SheetDreamDto[];

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: "The sheet's open suspicions, all dreams together.",
  })
  openSuspicions: number;

  @ApiProperty({
    description:
      'Whether the sheet may be printed: no open suspicion and no still-personal warning unaccepted (GET …/dreams/print answers 409 otherwise).',
  })
  printable: boolean;
}

export class PrintedDreamDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  seat: number;

  @ApiProperty({ enum: ['en', 'it', 'ro'] })
  language: 'en' | 'it' | 'ro';

  @ApiProperty({ example: 'I dreamt that A. called me in the dark.' })
  text: string;
}

/** What is printed for the performers: the approved texts alone, by seat. */
export class PrintedSheetDto extends SheetSlotDto {
  @ApiProperty({ type: [PrintedDreamDto], description: 'The approved dreams, by seat.' })
  dreams: PrintedDreamDto[];
}
