import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { readAll } from '../../../event-store/read-all';
import type { RecordedEvent } from '../../../event-store/event-store.types';
import { readLogPage } from '../../../event-store/read-log-page';
import { operatorNumbersAndNames } from '../../../auth/operator-view';
import { slotRegistrationStreams } from '../registration-reads';
import { findPersonalDataKeys } from '../../../personal-data/personal-data-vault';
import { decodeRegistrationEvent } from '../../registration-event-codec';
import {
  actorNamesOf,
  registrationAuditEntry,
  toAuditEntry,
} from '../registration-history/audit-entries';
import { OPERATOR_STREAM_PREFIX } from '../../../auth/operator';
import { operatorAuditPayload } from '../../../auth/operator-fold';
import { OWNER_ID } from '../../../auth/permissions';
import { tourEventStreamId } from '../../../tour/domain/tour';
import { registrationStreamId } from '../../domain/registration-events';
import { EventFeedQuery, type EventFeedFilter, type EventFeedPage } from './event-feed.query';
import type { EventFeedDto, FeedEntryDto } from './event-feed.response.dto';

const REGISTRATION_PREFIX = registrationStreamId('');

/**
 * The whole log, a page at a time: in global order after a position (readAll answers only
 * events whose transactions are older than every one still running, so paging by position never
 * skips an event that commits later), or newest first before a position, under the same rule,
 * filtered by operator, kind and slot. Each entry names whom it concerns: the registration's
 * person and slot as they are now, or the operator (by name only to a reader who may see the
 * operators).
 */
@QueryHandler(EventFeedQuery)
export class EventFeedQueryHandler implements IQueryHandler<EventFeedQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ page, limit, filter, namesOperators }: EventFeedQuery): Promise<EventFeedDto> {
    const filtered = Object.values(filter).some((value) => value !== undefined);
    const fetched =
      page.order === 'oldest' && !filtered
        ? await readAll(this.dataSource, page.after, limit)
        : await this.readFiltered(page, limit + 1, filter);
    const more = page.order === 'newest' && fetched.length > limit;
    const records = fetched.slice(0, limit);
    const registrationStreams = [
      ...new Set(
        records.map((record) => record.streamId).filter((id) => id.startsWith(REGISTRATION_PREFIX)),
      ),
    ];
    const operatorStreams = records
      .map((record) => record.streamId)
      .filter((id) => id.startsWith(OPERATOR_STREAM_PREFIX));
    const [keys, names, subjects, operators] = await Promise.all([
      findPersonalDataKeys(this.dataSource, registrationStreams),
      actorNamesOf(this.dataSource, records),
      this.registrationSubjects(registrationStreams),
      this.operatorSubjects(operatorStreams),
    ]);
    const events = records.map((record): FeedEntryDto => {
      if (record.streamId.startsWith(REGISTRATION_PREFIX)) {
        const entry = registrationAuditEntry(
          decodeRegistrationEvent(record, keys.get(record.streamId)),
          names,
        );
        const subject = subjects.get(record.streamId);
        const event = subject?.event ?? stringOf(entry.payload.event);
        const time = subject?.time ?? stringOf(entry.payload.time);
        return {
          ...entry,
          ...(subject?.name ? { subjectName: subject.name } : {}),
          ...(event ? { event } : {}),
          ...(time ? { time } : {}),
        };
      }
      if (record.streamId.startsWith(OPERATOR_STREAM_PREFIX)) {
        // An operator's name and email stay out of the payload: only the owner's list shows them.
        const entry = toAuditEntry(record, operatorAuditPayload(record), false, names);
        const subject = operators.get(record.streamId);
        if (!subject) return entry;
        return {
          ...entry,
          subjectNumber: subject.number,
          ...(namesOperators && subject.name ? { subjectName: subject.name } : {}),
        };
      }
      const entry = toAuditEntry(record, { ...record.data }, false, names);
      // A tour's fact names its stop by slug; a receipt by its event.
      const event = stringOf(record.data.slug) ?? stringOf(record.data.event);
      const time = stringOf(record.data.time);
      return { ...entry, ...(event ? { event } : {}), ...(time ? { time } : {}) };
    });
    const last = records[records.length - 1];
    return {
      events,
      lastPosition:
        page.order === 'oldest'
          ? (last?.globalPosition ?? page.after)
          : (records[0]?.globalPosition ?? 0),
      nextBefore: more && last ? last.globalPosition : null,
    };
  }

  /** The page the filter keeps: a slot's registrations are looked up first, as they are now. */
  private async readFiltered(
    page: EventFeedPage,
    limit: number,
    filter: EventFeedFilter,
  ): Promise<RecordedEvent[]> {
    const streams =
      filter.event === undefined
        ? undefined
        : {
            ids: await slotRegistrationStreams(this.dataSource, filter.event, filter.time),
            also: { stream: tourEventStreamId(filter.event), field: 'time', value: filter.time },
          };
    return readLogPage(this.dataSource, page, limit, {
      type: filter.type,
      operator:
        filter.operator === undefined
          ? undefined
          : // The password login; an operator's fact from before there were operators names nobody.
            { id: filter.operator, orUnnamed: filter.operator === OWNER_ID },
      streams,
    });
  }

  /** The person and slot of each registration, as the registrations list shows them now. */
  private async registrationSubjects(
    streams: string[],
  ): Promise<Map<string, { name: string | null; event: string; time: string }>> {
    if (streams.length === 0) return new Map();
    const rows: { id: string; name: string | null; event: string; time: string }[] =
      await this.dataSource.query(
        'SELECT id, name, event, time FROM registration_view WHERE id = ANY($1::uuid[])',
        [streams.map((stream) => stream.slice(REGISTRATION_PREFIX.length))],
      );
    return new Map(rows.map((row) => [registrationStreamId(row.id), row]));
  }

  /** The number and name of each operator an operator's fact concerns, by stream. */
  private async operatorSubjects(
    streams: string[],
  ): Promise<Map<string, { number: number; name: string | null }>> {
    const operators = await operatorNumbersAndNames(
      this.dataSource,
      streams.map((stream) => stream.slice(OPERATOR_STREAM_PREFIX.length)),
    );
    return new Map(
      [...operators].map(([id, operator]) => [`${OPERATOR_STREAM_PREFIX}${id}`, operator]),
    );
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
