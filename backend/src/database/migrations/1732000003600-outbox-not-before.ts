import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox row may be held until a time (not_before): no worker claims it earlier, whatever
 * its retries and leases do to available_at. The show's reminder is queued when the seat is
 * taken and held until the hours before its slot. A registration has at most one reminder
 * standing (not cancelled) for each slot start it was armed for (payload's armedFor), so that a
 * reminder armed twice, by two processes or a replay, is queued once.
 */
export class OutboxNotBefore1732000003600 implements MigrationInterface {
  name = 'OutboxNotBefore1732000003600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox ADD COLUMN not_before timestamptz`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX outbox_one_reminder_idx ON outbox (registration_id, (payload->>'armedFor'))
        WHERE kind = 'show-reminder' AND cancelled_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX outbox_one_reminder_idx`);
    await queryRunner.query(`ALTER TABLE outbox DROP COLUMN not_before`);
  }
}
