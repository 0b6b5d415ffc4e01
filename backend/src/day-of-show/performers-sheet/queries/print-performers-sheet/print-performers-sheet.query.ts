import { Query } from '@nestjs/cqrs';
import type { PrintedSheetDto } from '../get-performers-sheet/performers-sheet.response.dto';

export class PrintPerformersSheetQuery extends Query<PrintedSheetDto> {
  constructor(
    readonly event: string,
    readonly time: string,
  ) {
    super();
  }
}
