import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { readAll } from '../../../event-store/read-all';
import { findPersonalDataKeys } from '../../../personal-data/personal-data-vault';
import { decodeRegistrationEvent } from '../../registration-event-codec';
import { registrationAuditEntry, toAuditEntry } from '../registration-history/audit-entries';
import { EventFeedQuery } from './event-feed.query';
import type { EventFeedDto } from './event-feed.response.dto';

/**
 * The whole log in global order, a page at a time. readAll answers only events whose
 * transactions are older than every one still running, so paging by position never skips
 * an event that commits later.
 */
@QueryHandler(EventFeedQuery)
export class EventFeedQueryHandler implements IQueryHandler<EventFeedQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ after, limit }: EventFeedQuery): Promise<EventFeedDto> {
    const records = await readAll(this.dataSource, after, limit);
    const registrationStreams = [
      ...new Set(
        records.map((record) => record.streamId).filter((id) => id.startsWith('registration-')),
      ),
    ];
    const keys = await findPersonalDataKeys(this.dataSource, registrationStreams);
    const events = records.map((record) =>
      record.streamId.startsWith('registration-')
        ? registrationAuditEntry(decodeRegistrationEvent(record, keys.get(record.streamId)))
        : toAuditEntry(record, { ...record.data }, false),
    );
    return {
      events,
      lastPosition: records.length > 0 ? records[records.length - 1].globalPosition : after,
    };
  }
}
