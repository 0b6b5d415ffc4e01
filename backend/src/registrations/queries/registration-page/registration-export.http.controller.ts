import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../../auth/admin-only.decorator';
import { LiveTour } from '../../../tour/live-tour';
import { untilDrainedOrClosed } from '../../../common/until-drained';
import { CsvFileAnswer, startCsvFile } from '../csv-file';
import { csvHeader, csvRow, type CsvLabels } from './registration-csv';
import { RegistrationExportQuery } from './registration-export.query';
import { RegistrationExportRequestDto } from './registration-export.request.dto';

@ApiTags('admin')
@Controller()
export class RegistrationExportHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly catalogue: LiveTour,
  ) {}

  @Get('api/admin/registrations/export')
  @AdminOnly('exports')
  @ApiOperation({
    operationId: 'exportRegistrations',
    summary: 'The registrations a search and filters match, as a CSV file (operator only)',
    description:
      "Streamed a batch at a time, newest first: a UTF-8 BOM, SPEC's nine columns of the Command Center export (the time as the slot's current start in the event's time zone) and then the registration's status (the domain's word), whether money is held for it, its language and how many further dreams it shared; quotes doubled, and cells that start with = + - @ neutralised by a leading quote. The rows are those the same search and filters list in GET /api/admin/registrations (its `matched`).",
  })
  @CsvFileAnswer()
  async export(
    @Query() query: RegistrationExportRequestDto,
    @Res() response: Response,
  ): Promise<void> {
    const { column, yes, no, unknownName, language, ...filter } = query;
    const eventName = (slug: string) => {
      const event = this.catalogue.findEvent(slug);
      return event ? this.catalogue.placeNames(event, language ?? 'en').city : slug;
    };
    const slotName = (slug: string, time: string) =>
      this.catalogue.slotLabel(slug, time, language ?? 'en');
    const labels: CsvLabels = { headers: column, yes, no, unknownName, eventName, slotName };
    const batches = await this.queryBus.execute(new RegistrationExportQuery(filter));
    // The first batch is read before the answer starts, so a failure there is a JSON error.
    let next = await batches.next();
    startCsvFile(response);
    let closed = false;
    response.on('close', () => (closed = true));
    // Waits for the socket to take the text in (or the client to leave): one batch at a time.
    const write = async (text: string) => {
      if (!response.write(text) && !closed) await untilDrainedOrClosed(response);
    };
    try {
      await write(csvHeader(labels));
      while (!next.done && !closed) {
        await write(next.value.map((registration) => csvRow(registration, labels)).join(''));
        next = await batches.next();
      }
      await batches.return(undefined);
      response.end();
    } catch (error) {
      // Too late for an error answer: cut the file short so it cannot pass for a whole one.
      response.destroy(error instanceof Error ? error : undefined);
    }
  }
}
