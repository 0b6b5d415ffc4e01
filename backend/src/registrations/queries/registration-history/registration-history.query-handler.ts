import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { assertRegistrationId } from '../../domain/registration-id';
import { RegistrationNotFoundError } from '../../domain/registration-errors';
import { statusFilterOf, statusesAfterEach } from '../../domain/registration';
import { loadRegistration } from '../../registration-store';
import { actorNamesOf, registrationAuditEntry } from './audit-entries';
import { RegistrationHistoryQuery } from './registration-history.query';
import type { RegistrationHistoryDto } from './registration-history.response.dto';

/** Read from the log itself, so a deleted registration still shows what happened to it. */
@QueryHandler(RegistrationHistoryQuery)
export class RegistrationHistoryQueryHandler implements IQueryHandler<RegistrationHistoryQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ registrationId }: RegistrationHistoryQuery): Promise<RegistrationHistoryDto> {
    assertRegistrationId(registrationId);
    const loaded = await loadRegistration(this.dataSource.manager, registrationId);
    if (loaded.history.length === 0) throw new RegistrationNotFoundError();
    const statuses = statusesAfterEach(loaded.history.map((item) => item.event));
    const names = await actorNamesOf(
      this.dataSource,
      loaded.history.map((item) => item.recorded),
    );
    return {
      registrationId,
      deleted: loaded.state?.status === 'deleted',
      events: loaded.history.map((item, index) => ({
        ...registrationAuditEntry(item, names),
        type: item.event.type,
        status: statuses[index],
        listedAs: statusFilterOf(statuses[index]) ?? null,
      })),
    };
  }
}
