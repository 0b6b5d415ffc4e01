import { ApiProperty } from '@nestjs/swagger';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { SPAN_CATEGORIES, type SpanCategory } from '../../domain/neutral-words';
import { SHEET_NOT_READY_REASONS, type SheetNotReadyReason } from '../../domain/sheet-errors';

export class DreamNotReadyDto {
  @ApiProperty({ format: 'uuid' })
  registrationId: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  openSuspicions: number;

  @ApiProperty({ enum: SPAN_CATEGORIES, isArray: true })
  stillPersonal: SpanCategory[];
}

/** 409: the sheet waits for the reviewer's answers. */
export class SheetNotReadyErrorDto extends ApiErrorDto {
  @ApiProperty({
    enum: SHEET_NOT_READY_REASONS,
    description:
      'Stable: `open-suspicions` (answer each, replace or keep), then `still-personal` (approve the text again with acceptStillPersonal, or edit it).',
  })
  reason: SheetNotReadyReason;

  @ApiProperty({ type: [DreamNotReadyDto], description: 'The dreams that hold it back.' })
  dreams: DreamNotReadyDto[];
}
