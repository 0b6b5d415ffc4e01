import { Query } from '@nestjs/cqrs';
import type { PerformersSheetDto } from './performers-sheet.response.dto';

export class GetPerformersSheetQuery extends Query<PerformersSheetDto> {
  constructor(
    readonly event: string,
    readonly time: string,
  ) {
    super();
  }
}
