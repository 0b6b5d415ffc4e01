import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { readAll } from '../../../event-store/read-all';
import { findPersonalDataKeys } from '../../../personal-data/personal-data-vault';
import { decodeRegistrationEvent } from '../../registration-event-codec';
import {
  actorNamesOf,
  registrationAuditEntry,
  toAuditEntry,
} from '../registration-history/audit-entries';
import { OPERATOR_STREAM_PREFIX } from '../../../auth/operator';
import { operatorAuditPayload } from '../../../auth/operator-fold';
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
    const [keys, names] = await Promise.all([
      findPersonalDataKeys(this.dataSource, registrationStreams),
      actorNamesOf(this.dataSource, records),
    ]);
    const events = records.map((record) => {
      if (record.streamId.startsWith('registration-')) {
        return registrationAuditEntry(
          decodeRegistrationEvent(record, keys.get(record.streamId)),
          names,
        );
      }
      // An operator's name and email stay out of the feed: only the owner's list shows them.
      const payload = record.streamId.startsWith(OPERATOR_STREAM_PREFIX)
        ? operatorAuditPayload(record)
        : { ...record.data };
      return toAuditEntry(record, payload, false, names);
    });
    return {
      events,
      lastPosition: records.length > 0 ? records[records.length - 1].globalPosition : after,
    };
  }
}
