import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import {
  doorOfRow,
  type PersonAndSlotColumns,
  type RegistrationViewRow,
} from '../registration-view-row';
import type { RegistrationCursor } from './registration-cursor';
import type { CsvRegistration } from './registration-csv';
import { filterCondition, type RegistrationFilter } from './registration-page-filter';
import { RegistrationExportQuery } from './registration-export.query';

type ExportRow = Pick<
  RegistrationViewRow,
  PersonAndSlotColumns | 'created_at' | 'dreamed_captured' | 'dream' | 'status' | 'paid' | 'locale'
> &
  Pick<RegistrationViewRow, 'shared_dreams' | 'checked_in_at' | 'no_show'> & {
    cursor_created_at: string;
  };

/**
 * Walks the list's keyset a batch at a time, so an export of any size holds one batch in
 * memory. Each batch is its own statement: a registration made during the export is newer than
 * the cursor and not in the file; one deleted meanwhile is left out if not yet written.
 */
@QueryHandler(RegistrationExportQuery)
export class RegistrationExportQueryHandler implements IQueryHandler<RegistrationExportQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  execute({
    filter,
    batchSize,
  }: RegistrationExportQuery): Promise<AsyncGenerator<CsvRegistration[]>> {
    return Promise.resolve(this.batches(filter, batchSize));
  }

  private async *batches(
    filter: RegistrationFilter,
    batchSize: number,
  ): AsyncGenerator<CsvRegistration[]> {
    let after: RegistrationCursor | undefined;
    for (;;) {
      const { where, parameters } = filterCondition(filter, after);
      const rows = (await this.dataSource.query(
        `SELECT id, name, email, whatsapp, event, time, created_at, dreamed_captured, dream,
                status, paid, locale, shared_dreams, checked_in_at, no_show,
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_created_at
           FROM registration_view ${where}
          ORDER BY created_at DESC, id DESC
          LIMIT ${batchSize}`,
        parameters,
      )) as ExportRow[];
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        whatsapp: row.whatsapp,
        event: row.event,
        time: row.time,
        createdAt: row.created_at,
        dreamedCaptured: row.dreamed_captured,
        dream: row.dream,
        status: row.status,
        paid: row.paid,
        locale: row.locale,
        sharedDreams: row.shared_dreams,
        door: doorOfRow(row),
      }));
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.cursor_created_at, id: last.id };
    }
  }
}
